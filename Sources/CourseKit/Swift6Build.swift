import CourseCatalog
import Foundation
import Locking
import Platform
import Testing

/// Topic 8's grader: builds a learner's file in the Swift 6 language mode, with warnings as errors, and
/// records each diagnostic as a sentence of the lesson; and builds it into a small program when what it
/// does depends on how the module is built (Swift 6.2's main-actor-by-default).
///
/// The exercise target itself is built in the Swift 5 mode, so the package always builds; this check
/// runs the compiler a second time, on the one file, as the learner's team will when it turns the mode
/// on. It needs the `swiftc` of the toolchain that runs the tests, found on `PATH`.
public enum Swift6Build {
  /// What the compiler printed and how it ended.
  public struct Output: Sendable {
    /// The compiler's exit status; `nil` when it could not be started or was stopped.
    public let status: Int32?
    /// Everything it printed, standard output and error together.
    public let text: String
    /// Why it produced nothing, when it could not run.
    public let problem: String?
  }

  /// Builds exercise `id`'s file in the Swift 6 language mode with warnings as errors, and records one
  /// failure for each cause: a diagnostic in the lesson's words first, with the compiler's line after,
  /// then each escape hatch the header does not allow. Records nothing when the file builds clean.
  ///
  /// An exercise whose file is one of a module's (8.7) is built with the module's other files, which
  /// the learner does not edit: their errors are reported as one cause, the learner's declarations
  /// they use.
  public static func expectClean(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) async {
    guard let (_, exercise) = Catalog.exercise(id), let grading = exercise.swift6,
      let path = ExerciseSource.path(of: id), let source = ExerciseSource.text(of: id),
      let root = ExerciseSource.packageRoot
    else {
      Issue.record("Exercise \(id) has no file to build in the Swift 6 mode. [\(AntiPattern.crashed)]")
      return
    }
    let companions = grading.companions.map { "\(root)/\($0)" }
    let output = await compile(
      [path] + companions, grading: grading, arguments: ["-wmo", "-emit-sil", "-o", nullDevice])
    if let problem = output.problem {
      Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
      return
    }
    let code = SuiteRule.withoutComments(source)
    let diagnostics = CompilerDiagnostic.parse(output.text)
    for sentence in sentences(
      for: diagnostics, status: output.status, output: output.text, learnerFile: path, learnerCode: code,
      grading: grading)
    {
      Issue.record(Comment(rawValue: sentence), sourceLocation: sourceLocation)
    }
    for sentence in escapeHatchSentences(in: source, grading: grading) {
      Issue.record(Comment(rawValue: sentence), sourceLocation: sourceLocation)
    }
  }

  /// The sentences for the escape hatches `source` uses that `grading` does not allow, and for an
  /// allowed `@preconcurrency import` with no comment on the line above to say why it is there.
  public static func escapeHatchSentences(in source: String, grading: Swift6Grading) -> [String] {
    let code = SuiteRule.withoutComments(source)
    var sentences: [String] = []
    for hatch in EscapeHatch.all where hatch.isUsed(in: code) && !grading.allowed.contains(hatch.id) {
      if hatch == .preconcurrency, grading.allowed.contains(Swift6Grading.preconcurrencyImport) {
        // Allowed on an import alone, and only marked: a comment on the line above says why.
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        let uses = lines.indices.filter { SuiteRule.withoutComments(lines[$0]).contains("@preconcurrency") }
        if uses.contains(where: { !lines[$0].hasPrefix("@preconcurrency import ") }) {
          sentences.append(hatch.sentence)
        } else if uses.contains(where: { $0 == 0 || !lines[$0 - 1].hasPrefix("//") }) {
          sentences.append(
            "`@preconcurrency import` is debt: it is allowed here, for a module you do not own, but not unmarked. Say on the line above, in a comment, why it is there and when it can go (the vendor's release that says what is `Sendable`), so the next person can find it and pay it. [unmarked-debt]"
          )
        }
        continue
      }
      sentences.append(hatch.sentence)
    }
    return sentences
  }

  /// The failure sentences for `diagnostics`: one per cause, where a cause is the lesson that explains
  /// a diagnostic and the declarations it names; the compiler's first line for it follows the sentence,
  /// and a count of the others like it. A diagnostic that only follows from the one before it (the
  /// compiler's offer of `@preconcurrency`) is counted under it. Errors in a module's files that the
  /// learner does not edit are one cause: what they use of `learnerFile`. A failed build that printed
  /// nothing readable is reported whole.
  public static func sentences(
    for diagnostics: [CompilerDiagnostic], status: Int32?, output: String, learnerFile: String? = nil,
    learnerCode: String = "", grading: Swift6Grading? = nil
  ) -> [String] {
    // A cause: one lesson (or, in a file the learner does not edit, the leaf), with every diagnostic
    // it explains, whatever declarations they name: one sentence names them all.
    var causes: [(key: String, lesson: Swift6Lesson?, diagnostics: [CompilerDiagnostic], more: Int)] = []
    let declared = declarations(in: learnerCode)
    for diagnostic in diagnostics {
      let lesson = Swift6Lesson.explaining(diagnostic)
      if lesson?.isConsequence == true, !causes.isEmpty {
        causes[causes.count - 1].more += 1
        continue
      }
      let elsewhere = learnerFile.map { !diagnostic.file.hasSuffix(fileName($0)) } ?? false
      let key =
        elsewhere
        ? "leaf-first"
        : lesson.map { "\($0.id)|\($0.groups)|\($0.wording)" } ?? AntiPattern.unknownDiagnostic
      if let index = causes.firstIndex(where: { $0.key == key }) {
        causes[index].diagnostics.append(diagnostic)
      } else {
        causes.append((key, elsewhere ? nil : lesson, [diagnostic], 0))
      }
    }
    var sentences = causes.map { cause in
      let first = cause.diagnostics[0]
      let sentence: String
      if cause.key == "leaf-first" {
        let named = unique(cause.diagnostics.flatMap { $0.quoted.flatMap(identifiers) }.filter(declared.contains))
        let files = unique(cause.diagnostics.map { "`\(fileName($0.file))`" })
        let what = named.isEmpty ? "what they use of your file" : "`\(Swift6Lesson.list(named))`, declared in your file"
        sentence =
          "\(files.joined(separator: " and ")), of the module but not yours to edit, \(files.count == 1 ? "does" : "do") not build in the Swift 6 mode because of \(what): the files that use a declaration are fixed by fixing the declaration, so that it is safe as they use it (from which actor, read or written). Start with the leaf, the file the others use, and these errors go with it. [leaf-first]"
      } else if let lesson = cause.lesson {
        let subjects = unique(cause.diagnostics.compactMap { $0.quoted.first })
        let seconds = unique(cause.diagnostics.compactMap { $0.quoted.dropFirst().first })
        sentence = lesson.sentence(
          subjects.isEmpty ? [] : [Swift6Lesson.list(subjects)] + (seconds.isEmpty ? [] : [Swift6Lesson.list(seconds)]),
          in: grading)
      } else {
        sentence = Swift6Lesson.unknownSentence
      }
      let lines = cause.diagnostics.prefix(4).map { "`\($0.compilerText)`" }.joined(separator: "; ")
      let hidden = cause.diagnostics.count - min(cause.diagnostics.count, 4) + cause.more
      let notes = first.notes.prefix(2).map { "note: \($0)" }.joined(separator: "; ")
      let others = hidden == 0 ? "" : "; and \(hidden) more like \(hidden == 1 ? "it" : "them")"
      return AntiPattern.adding(
        "(The compiler: \(lines)\(notes.isEmpty ? "" : "; \(notes)")\(others).)", to: sentence)
    }
    if sentences.isEmpty, status != 0 {
      let tail = output.split(separator: "\n").suffix(6).joined(separator: " | ")
      sentences.append(
        AntiPattern.adding(
          "(The compiler: \(tail.isEmpty ? "it printed nothing" : tail).)", to: Swift6Lesson.unknownSentence))
    }
    return sentences
  }

  /// The names `code` declares: its types, functions and globals.
  static func declarations(in code: String) -> Set<String> {
    let words = identifiers(code)
    let introducers: Set<String> = ["class", "struct", "enum", "actor", "protocol", "typealias", "func", "var", "let"]
    return Set(zip(words, words.dropFirst()).filter { introducers.contains($0.0) }.map(\.1))
  }

  /// The identifiers in `text`, in order: `["Article"]` for `'[Article]'`.
  static func identifiers(_ text: String) -> [String] {
    text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
  }

  static func unique(_ items: [String]) -> [String] {
    var seen: Set<String> = []
    return items.filter { seen.insert($0).inserted }
  }

  static func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// Compiles exercise `id`'s file with `driver` (the source of a program's `@main`) in the Swift 6
  /// mode and the exercise's flags, runs the program, and returns what it printed and how it ended;
  /// `nil`, with a failure recorded, when it does not build or cannot run.
  public static func buildAndRun(
    _ id: String, driver: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Output? {
    guard let (_, exercise) = Catalog.exercise(id), let grading = exercise.swift6,
      let path = ExerciseSource.path(of: id)
    else { return nil }
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let driverPath = "\(folder)/Driver.swift"
    let program = "\(folder)/program"
    try? driver.write(toFile: driverPath, atomically: true, encoding: .utf8)
    let companions = grading.companions.map { "\(ExerciseSource.packageRoot ?? "")/\($0)" }
    let build = await compile(
      [path] + companions + [driverPath], grading: grading,
      arguments: ["-o", program] + grading.imports.flatMap { ["-l\($0)"] })
    guard build.problem == nil, build.status == 0 else {
      let first = CompilerDiagnostic.parse(build.text).first?.compilerText ?? build.problem ?? build.text
      Issue.record(
        Comment(
          rawValue:
            "Exercise \(id)'s file does not build in the Swift 6 mode, so what it does there cannot be run yet, which \"Builds in the Swift 6 language mode\" explains (the compiler: `\(first)`). [\(AntiPattern.notBuiltInSwift6)]"
        ), sourceLocation: sourceLocation)
      return nil
    }
    return await launch(program, [], limit: 120)
  }

  // MARK: - The compiler

  /// Builds `files` as one module in the Swift 6 mode with warnings as errors.
  static func compile(_ files: [String], grading: Swift6Grading, arguments: [String]) async -> Output {
    let swiftc: String
    switch await compiler() {
    case .success(let found): swiftc = found
    case .failure(let problem): return Output(status: nil, text: "", problem: problem.sentence)
    }
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var flags =
      [
        "-swift-version", "6", "-warnings-as-errors", "-diagnostic-style", "llvm", "-parse-as-library",
        "-module-name", "Swift6Check", "-module-cache-path", "\(folder)/cache",
      ] + Platform.compilerTargetFlags
    for module in grading.imports {
      guard let root = ExerciseSource.packageRoot else { continue }
      let sources = (try? FileManager.default.contentsOfDirectory(atPath: "\(root)/Sources/\(module)")) ?? []
      let built = await launch(
        swiftc,
        [
          "-emit-library", "-static", "-emit-module", "-parse-as-library", "-swift-version", "5", "-module-name",
          module, "-emit-module-path", "\(folder)/\(module).swiftmodule", "-module-cache-path", "\(folder)/cache",
          "-o", "\(folder)/lib\(module).a",
        ] + Platform.compilerTargetFlags
          + sources.filter { $0.hasSuffix(".swift") }.sorted().map { "\(root)/Sources/\(module)/\($0)" },
        limit: 300)
      guard built.status == 0 else {
        return Output(
          status: nil, text: built.text,
          problem:
            "The course's `\(module)` module did not build for the Swift 6 check: \(built.text.prefix(400)) [\(AntiPattern.unknownDiagnostic)]"
        )
      }
      flags += ["-I", folder, "-L", folder]
    }
    return await launch(swiftc, flags + grading.flags + arguments + files, limit: 300)
  }

  // MARK: - Which compiler

  /// Why no compiler can grade topic 8: none was found, or the one found is older than Swift 6.2.
  public struct CompilerProblem: Error, Equatable, Sendable {
    /// The failure's sentence: what was found, where, and how to choose another.
    public let sentence: String
  }

  /// The `swiftc` that grades topic 8, checked to be Swift 6.2 or later: the first of
  /// ``compilerCandidates(environment:runningToolchain:selected:)`` that exists, found once per process.
  static func compiler() async -> Result<String, CompilerProblem> {
    if let known = chosen.withLock({ $0 }) { return known }
    let found = await findCompiler()
    chosen.withLock { $0 = found }
    return found
  }

  private static let chosen = Locked<Result<String, CompilerProblem>?>(nil)

  private static func findCompiler() async -> Result<String, CompilerProblem> {
    let environment = ProcessInfo.processInfo.environment
    var selected: String?
    if let lookup = Platform.selectedCompilerLookup {
      let found = await launch(lookup[0], Array(lookup.dropFirst()), limit: 60)
      selected = found.status == 0 ? found.text.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }
    return await compiler(
      among: compilerCandidates(environment: environment, runningToolchain: runningToolchain, selected: selected))
  }

  /// The first of `candidates` that can be run, if it is Swift 6.2 or later; otherwise the problem,
  /// in words that name the compiler found, its version, and how to choose another.
  public static func compiler(among candidates: [String]) async -> Result<String, CompilerProblem> {
    guard let swiftc = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
      return .failure(
        CompilerProblem(
          sentence:
            "No `swiftc` was found, so topic 8's Swift 6 build cannot run: not in the toolchain that runs these tests, nor on this process's PATH. Run the tests from a shell where `swift --version` works. [\(AntiPattern.unknownDiagnostic)]"
        ))
    }
    guard let (major, minor) = await version(of: swiftc) else {
      return .failure(
        CompilerProblem(
          sentence:
            "`\(swiftc) --version` did not say which Swift it is, so topic 8's Swift 6 build cannot trust it: \(choosing) [\(AntiPattern.unknownDiagnostic)]"
        ))
    }
    guard (major, minor) >= (6, 2) else {
      return .failure(
        CompilerProblem(
          sentence:
            "The `swiftc` topic 8 found, \(swiftc), is Swift \(major).\(minor); its check needs Swift 6.2 or later, which the course requires: \(choosing) [\(AntiPattern.unknownDiagnostic)]"
        ))
    }
    return .success(swiftc)
  }

  /// How a learner chooses the compiler, in the order ``compilerCandidates(environment:runningToolchain:selected:)`` looks.
  static let choosing =
    "it uses the toolchain that runs the tests, then (on a Mac) the one `xcrun --find swiftc` names, which `DEVELOPER_DIR`, `TOOLCHAINS` and `xcode-select -s` choose, then the first on PATH. Run the tests with Swift 6.2 or later (Xcode 26.0 or later), or put that toolchain first."

  /// Where topic 8 looks for `swiftc`, in order: the toolchain the test process was started from
  /// (`runningToolchain`), so the grader is the compiler that built the tests; the one the system's
  /// selection names (`selected`: on a Mac, `xcrun --find swiftc`, which honours `DEVELOPER_DIR` and
  /// `TOOLCHAINS`); then each folder of `PATH`, then `/usr/bin`.
  ///
  /// A team's Mac often has two Xcodes, a release and a beta: `PATH` and `xcode-select` may name the
  /// other one, so the one that runs the suite comes first.
  public static func compilerCandidates(
    environment: [String: String], runningToolchain: String?, selected: String?
  ) -> [String] {
    let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin"]
    return unique([runningToolchain, selected].compactMap { $0 } + folders.map { "\($0)/swiftc" })
  }

  /// The `swiftc` of the toolchain this process was started from, found from where Swift Testing's
  /// library was loaded, or `nil`.
  static let runningToolchain: String? = {
    let metadata = unsafeBitCast(Test.self as Any.Type, to: UnsafeRawPointer.self)
    return Platform.imagePath(containing: metadata).flatMap {
      toolchainCompiler(above: $0) { FileManager.default.isExecutableFile(atPath: $0) }
    }
  }()

  /// The `swiftc` of the toolchain that holds `image`: in the nearest folder above it that has
  /// `bin/swiftc`, `usr/bin/swiftc`, or (an Xcode's `Contents/Developer`) its default toolchain's.
  public static func toolchainCompiler(above image: String, isExecutable: (String) -> Bool) -> String? {
    var folder = image.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    while folder.count > 1 {
      let path = folder.joined(separator: "/")
      for candidate in ["bin/swiftc", "usr/bin/swiftc", "Toolchains/XcodeDefault.xctoolchain/usr/bin/swiftc"]
      where isExecutable("\(path)/\(candidate)") {
        return "\(path)/\(candidate)"
      }
      folder = folder.dropLast()
    }
    return nil
  }

  /// The language version `swiftc` reports (`6.3` for "Swift version 6.3.1"), asked once per process.
  static func version(of swiftc: String) async -> (Int, Int)? {
    if let known = versions.withLock({ $0[swiftc] }) { return known }
    let output = await launch(swiftc, ["--version"], limit: 60)
    let found = parseVersion(output.text)
    versions.withLock { $0[swiftc] = found }
    return found
  }

  private static let versions = Locked<[String: (Int, Int)?]>([:])

  /// The major and minor version in `swiftc --version`'s output, or `nil`.
  public static func parseVersion(_ text: String) -> (Int, Int)? {
    guard let range = text.range(of: "Swift version ") else { return nil }
    let numbers = text[range.upperBound...].prefix { $0.isNumber || $0 == "." }.split(separator: ".")
    guard numbers.count >= 2, let major = Int(numbers[0]), let minor = Int(numbers[1]) else { return nil }
    return (major, minor)
  }

  static var nullDevice: String { "/dev/null" }

  static func temporaryFolder() -> String {
    let path = NSTemporaryDirectory() + "swift6-check-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  // MARK: - Running a program

  /// Runs `executable` to its end on a thread of its own, off the cooperative pool, and stops it
  /// (with whatever it started) after `limit` seconds: a guard against a compiler that never
  /// returns, far beyond any build of one file.
  static func launch(
    _ executable: String, _ arguments: [String], limit: Double, adding extra: [String: String] = [:]
  ) async -> Output {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(returning: run(executable, arguments, limit: limit, adding: extra))
      }
    }
  }

  /// Runs `executable` on the calling thread, as ``launch(_:_:limit:adding:)`` does: in a session of its
  /// own, with this process's environment less any sanitizer runtime injected into it, its output
  /// and errors together in a file, with `extra` added to the environment.
  ///
  /// Only a process id and a path cross threads here, so what Foundation's `Process` is (`Sendable`
  /// in one SDK and not in another) cannot decide whether the course builds.
  static func run(_ executable: String, _ arguments: [String], limit: Double, adding extra: [String: String] = [:])
    -> Output
  {
    let log = NSTemporaryDirectory() + "swift6-check-\(UUID().uuidString).log"
    defer { try? FileManager.default.removeItem(atPath: log) }
    let environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }.map { "\($0.key)=\($0.value)" }
    let pid: pid_t
    switch Platform.spawnInNewSession(
      executable, arguments: [executable] + arguments, environment: environment, outputPath: log)
    {
    case .success(let started): pid = started
    case .failure(let error):
      return Output(
        status: nil, text: "",
        problem: "Could not start `\(executable)` (error \(error.code)). [\(AntiPattern.unknownDiagnostic)]")
    }
    let mark = HelperSessions.mark(pid)
    defer { HelperSessions.unmark(mark) }
    let deadline = Date().addingTimeInterval(limit)
    var ended = Platform.exit(of: pid, waiting: false)
    while ended == nil, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.01)
      ended = Platform.exit(of: pid, waiting: false)
    }
    let text = ProgramOutput.text(ofFile: log)
    switch ended {
    case .exited(let code)?:
      return Output(status: code, text: text, problem: nil)
    case .killed(let signal)?:
      return Output(status: 128 + signal, text: text, problem: nil)
    case nil:
      Platform.send(SIGKILL, toGroup: pid)
      _ = Platform.exit(of: pid, waiting: true)
      return Output(
        status: nil, text: text,
        problem:
          "`\(executable.split(separator: "/").last ?? "")` ran for \(Int(limit)) s without ending and was stopped. [\(AntiPattern.neverFinished)]"
      )
    }
  }
}

/// The programs the kit runs for a test (a compiler, a race program), marked where `course` can see them.
///
/// Each runs in a session of its own, outside the test run's, so `course`'s watchdog would take a
/// test waiting for a cold build for a test that hangs. While a program runs, a file named by its
/// session stands in the folder that `COURSE_HELPER_SESSIONS` names: `course` counts it as progress
/// (each program has a time limit of its own) and ends the session if the run ends first.
enum HelperSessions {
  /// The folder the runner watches; `nil` outside `course`.
  static let folder = ProcessInfo.processInfo.environment["COURSE_HELPER_SESSIONS"]

  /// Marks the session `pid` as running; returns the mark to remove when it ends.
  static func mark(_ pid: pid_t) -> String? {
    guard let folder else { return nil }
    let path = folder + "/\(pid)"
    return FileManager.default.createFile(atPath: path, contents: nil) ? path : nil
  }

  /// Removes a mark made by ``mark(_:)``.
  static func unmark(_ path: String?) {
    if let path { try? FileManager.default.removeItem(atPath: path) }
  }
}
