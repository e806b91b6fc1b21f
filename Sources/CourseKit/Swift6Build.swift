import CourseCatalog
import Dispatch
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
  public static func expectClean(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) async {
    guard let (_, exercise) = Catalog.exercise(id), let grading = exercise.swift6,
      let path = ExerciseSource.path(of: id), let source = ExerciseSource.text(of: id)
    else {
      Issue.record("Exercise \(id) has no file to build in the Swift 6 mode. [\(AntiPattern.crashed)]")
      return
    }
    let output = await compile([path], grading: grading, arguments: ["-emit-sil", "-o", nullDevice])
    if let problem = output.problem {
      Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
      return
    }
    for sentence in sentences(for: CompilerDiagnostic.parse(output.text), status: output.status, output: output.text) {
      Issue.record(Comment(rawValue: sentence), sourceLocation: sourceLocation)
    }
    let code = SuiteRule.withoutComments(source)
    for hatch in EscapeHatch.all where hatch.isUsed(in: code) && !grading.allowed.contains(hatch.id) {
      Issue.record(Comment(rawValue: hatch.sentence), sourceLocation: sourceLocation)
    }
  }

  /// The failure sentences for `diagnostics`: one per cause, where a cause is the lesson that explains
  /// a diagnostic and the declaration it names; the compiler's first line for it follows the sentence,
  /// and a count of the others like it. A failed build that printed nothing readable is reported whole.
  public static func sentences(for diagnostics: [CompilerDiagnostic], status: Int32?, output: String) -> [String] {
    var causes: [(key: String, sentence: String, first: CompilerDiagnostic, more: Int)] = []
    for diagnostic in diagnostics {
      let lesson = Swift6Lesson.explaining(diagnostic)
      let key = "\(lesson?.id ?? AntiPattern.unknownDiagnostic)|\(diagnostic.quoted.joined(separator: "|"))"
      if let index = causes.firstIndex(where: { $0.key == key }) {
        causes[index].more += 1
        continue
      }
      let sentence = lesson?.sentence(diagnostic.quoted) ?? Swift6Lesson.unknownSentence
      causes.append((key, sentence, diagnostic, 0))
    }
    var sentences = causes.map { cause in
      let others = cause.more == 0 ? "" : "; and \(cause.more) more like it"
      let notes = cause.first.notes.prefix(3).map { "note: \($0)" }.joined(separator: "; ")
      return AntiPattern.adding(
        "(The compiler: `\(cause.first.compilerText)`\(notes.isEmpty ? "" : "; \(notes)")\(others).)",
        to: cause.sentence)
    }
    if sentences.isEmpty, status != 0 {
      let tail = output.split(separator: "\n").suffix(6).joined(separator: " | ")
      sentences.append(
        AntiPattern.adding(
          "(The compiler: \(tail.isEmpty ? "it printed nothing" : tail).)", to: Swift6Lesson.unknownSentence))
    }
    return sentences
  }

  /// Compiles exercise `id`'s file with `driver` (the source of a program's `@main`) in the Swift 6
  /// mode and the exercise's flags, runs the program, and returns what it printed and how it ended;
  /// `nil`, with a failure recorded, when it does not build or cannot run.
  public static func run(
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
    let build = await compile([path, driverPath], grading: grading, arguments: ["-o", program])
    guard build.problem == nil, build.status == 0 else {
      let first = CompilerDiagnostic.parse(build.text).first?.compilerText ?? build.problem ?? build.text
      Issue.record(
        Comment(
          rawValue:
            "Exercise \(id)'s file does not build in the Swift 6 mode, so what it does there cannot be run: fix the build first (the compiler: `\(first)`). [\(AntiPattern.unknownDiagnostic)]"
        ), sourceLocation: sourceLocation)
      return nil
    }
    return await launch(program, [], limit: 120)
  }

  // MARK: - The compiler

  /// Builds `files` as one module in the Swift 6 mode with warnings as errors.
  static func compile(_ files: [String], grading: Swift6Grading, arguments: [String]) async -> Output {
    guard let swiftc = compilerPath() else {
      return Output(
        status: nil, text: "",
        problem:
          "`swiftc` is not on this process's PATH, so the Swift 6 build cannot run: run the tests from a shell where `swift --version` works. [\(AntiPattern.unknownDiagnostic)]"
      )
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
          "-emit-module", "-parse-as-library", "-swift-version", "5", "-module-name", module,
          "-emit-module-path", "\(folder)/\(module).swiftmodule", "-module-cache-path", "\(folder)/cache",
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
      flags += ["-I", folder]
    }
    return await launch(swiftc, flags + grading.flags + arguments + files, limit: 300)
  }

  /// The `swiftc` beside the toolchain on `PATH`, or `nil`.
  static func compilerPath() -> String? {
    let environment = ProcessInfo.processInfo.environment
    let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin"]
    return folders.map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  static var nullDevice: String { "/dev/null" }

  static func temporaryFolder() -> String {
    let path = NSTemporaryDirectory() + "swift6-check-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Runs `executable` to its end, off the cooperative pool, and stops it after `limit` seconds: a
  /// guard against a compiler that never returns, far beyond any build of one file.
  static func launch(_ executable: String, _ arguments: [String], limit: Double) async -> Output {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do {
          try process.run()
        } catch {
          continuation.resume(
            returning: Output(
              status: nil, text: "",
              problem: "Could not start `\(executable)`: \(error). [\(AntiPattern.unknownDiagnostic)]"))
          return
        }
        let stopped = StopFlag()
        DispatchQueue.global().asyncAfter(deadline: .now() + limit) {
          if process.isRunning {
            stopped.set()
            process.terminate()
          }
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        if stopped.isSet {
          continuation.resume(
            returning: Output(
              status: nil, text: text,
              problem:
                "`\(executable.split(separator: "/").last ?? "")` ran for \(Int(limit)) s without ending and was stopped. [\(AntiPattern.neverFinished)]"
            ))
        } else {
          continuation.resume(
            returning: Output(
              status: process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus,
              text: text, problem: nil))
        }
      }
    }
  }
}

/// A flag set once from another thread.
private final class StopFlag: Sendable {
  private let value = Locked(false)
  func set() { value.withLock { $0 = true } }
  var isSet: Bool { value.withLock { $0 } }
}
