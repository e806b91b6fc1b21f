import CourseCatalog
import Foundation
import Platform

/// Builds an exercise's file as a program with the thread sanitizer and a race harness, runs a
/// driver's scenario in it, and says what happened: the route by which plain `swift test --filter`
/// sees a race as surely as `course check`'s sanitizer stage does.
///
/// A plain test process has no sanitizer, and two threads released together overlap only when two
/// cores are free at that instant. So the race test of an exercise that promises safety from
/// several threads also builds the learner's file, with the course modules it imports, into a
/// program of its own, `-sanitize=thread`, and runs a driver whose scenario the harness
/// (`Tests/RaceHarness`) runs in two phases:
///
/// - in order: the scenario's bodies, each on a thread of its own, one after another in every
///   order, handed over by a relaxed atomic the sanitizer does not count as an order, so it names
///   any access no lock guards, whatever the load, and no body overlaps another;
/// - scheduled: the harness stands in for `NSLock`, `NSRecursiveLock`, the course's `Locked` and
///   `Mutex` in the program's own module, runs the bodies one at a time, and switches only where
///   the running one is about to take a lock, under every schedule: a flag checked in one lock
///   section and set in another is checked by both before either sets.
///
/// The program prints `RACE ROUND n` before each schedule and `RACE STEP: …` at each switch, so
/// a failure names the order in words. Module libraries are built once per toolchain and source
/// and kept under `.build/course-race`. `COURSE_RACE_LOG=<file>` keeps what the program printed,
/// for a maintainer writing a driver.
public enum RaceProgram {
  /// What the program did.
  public struct Outcome: Sendable {
    /// How it ended: its exit code, or 128 plus the signal that ended it.
    public let status: Int32?
    /// Everything it wrote.
    public let text: String
    /// Whether the harness stood in for the file's locks (not when the file declares a type of the
    /// same name: then only the free phase's sanitizer watches).
    public let scheduled: Bool

    /// The switches of the last schedule that started, in words ("the first callback took a lock").
    public var lastRoundSteps: [String] {
      let lines = text.split(separator: "\n").map(String.init)
      let start = lines.lastIndex { $0.hasPrefix("RACE ROUND ") }.map { $0 + 1 } ?? 0
      return lines[start...].filter { $0.hasPrefix("RACE STEP: ") }.map { String($0.dropFirst(11)) }
    }

    /// How many schedules ran to their end, when the program ended on its own.
    public var schedules: Int? {
      text.split(separator: "\n").last { $0.hasPrefix("RACE SCHEDULES: ") }.flatMap { Int($0.dropFirst(16)) }
    }

    /// The last schedule's steps as one clause: "the first callback took a lock, then the second
    /// callback took a lock, then …".
    public var order: String {
      lastRoundSteps.filter { !$0.hasSuffix(" started") }.joined(separator: ", then ")
    }

    /// Whether the program ended while the bodies ran one after another (`RACE ORDER`), not under
    /// a schedule: what broke then is no race, and the suite's other tests name it.
    public var endedInOrder: Bool {
      text.split(separator: "\n").last { $0.hasPrefix("RACE ORDER ") || $0.hasPrefix("RACE ROUND ") }?
        .hasPrefix("RACE ORDER ") ?? false
    }

    /// The continuation misuse the runtime reported, if any.
    public var misuse: String? {
      text.split(separator: "\n").first { $0.contains("SWIFT TASK CONTINUATION MISUSE") }.map(String.init)
    }

    /// A line the driver wrote to say a rule broke (`RACE BROKE: …`), without its prefix.
    public var broken: String? {
      text.split(separator: "\n").first { $0.hasPrefix("RACE BROKE: ") }.map { String($0.dropFirst(12)) }
    }
  }

  /// The course's modules a race program can import, each with the course modules it imports.
  ///
  /// `CourseCatalog` is among them because every stub imports it (for `NotStarted`), and a learner
  /// who leaves the import in place must still be checked: a file that does not build here leaves
  /// the verdict to the suite's other checks, which do not see a race.
  static let courseModules: [String: [String]] = [
    "Locking": [], "PromiseKitLite": ["Locking"], "LegacyKit": ["Locking", "PromiseKitLite"],
    "CourseCatalog": ["Locking"],
  ]

  /// Builds exercise `id`'s file with `driver` (a program's `@main`) and the harness, runs it, and
  /// returns what it did; `nil` when it cannot be built here (no compiler, or the file does not
  /// build outside its package), which leaves the verdict to the suite's other checks.
  public static func run(_ id: String, driver: String, limit: Double = 120) async -> Outcome? {
    guard let path = ExerciseSource.path(of: id) else { return nil }
    return await run(file: path, driver: driver, limit: limit)
  }

  /// Builds the Swift file at `path` with `driver` and the harness, runs it, and returns what it
  /// did; `nil` when it cannot be built here.
  static func run(file path: String, driver: String, limit: Double = 120) async -> Outcome? {
    guard let root = ExerciseSource.packageRoot, case .success(let swiftc) = await Swift6Build.compiler(),
      let source = try? String(contentsOfFile: path, encoding: .utf8)
    else { return nil }
    let modules = needed(by: source)
    guard let libraries = await libraries(modules, swiftc: swiftc, root: root) else { return nil }
    let folder = Swift6Build.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let driverPath = "\(folder)/RaceDriver.swift"
    try? driver.write(toFile: driverPath, atomically: true, encoding: .utf8)
    let harness = "\(root)/Tests/RaceHarness"
    let program = "\(folder)/race"
    let flags =
      [
        "-swift-version", "5", "-suppress-warnings", "-g", "-Onone", "-sanitize=thread", "-parse-as-library",
        "-module-name", "RaceProgram", "-module-cache-path", "\(folder)/cache", "-I", libraries, "-L", libraries,
        "-o", program,
      ] + Platform.compilerTargetFlags + modules.map { "-l\($0)" }
    var scheduled = true
    var built = await Swift6Build.launch(
      swiftc, flags + [path, "\(harness)/RaceBaton.swift", "\(harness)/LockShadows.swift", driverPath], limit: 300)
    if built.status != 0 {
      // The file declares a lock of its own by one of the names the harness stands in for.
      scheduled = false
      built = await Swift6Build.launch(
        swiftc, flags + ["-D", "RACE_UNSCHEDULED", path, "\(harness)/RaceBaton.swift", driverPath], limit: 300)
    }
    guard built.status == 0 else { return nil }
    // No backtracer: a trap ends the program at once, and nothing it starts outlives it.
    let ran = await Swift6Build.launch(program, [], limit: limit, adding: ["SWIFT_BACKTRACE": "enable=no"])
    if let log = ProcessInfo.processInfo.environment["COURSE_RACE_LOG"] {
      try? ran.text.write(toFile: log, atomically: true, encoding: .utf8)
    }
    return Outcome(status: ran.status, text: ran.text, scheduled: scheduled)
  }

  /// The course modules `source` imports, with the ones they import, each after its own imports.
  static func needed(by source: String) -> [String] {
    let imported = source.split(separator: "\n").compactMap { line -> String? in
      let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
      guard words.count >= 2, words[0] == "import" else { return nil }
      let name = words.count >= 3 ? words[2].split(separator: ".").first : words[1].split(separator: ".").first
      return name.map(String.init)
    }
    var ordered: [String] = []
    func add(_ module: String) {
      guard let imports = courseModules[module], !ordered.contains(module) else { return }
      imports.forEach(add)
      ordered.append(module)
    }
    imported.forEach(add)
    // Each after its own imports; link order wants each library before the ones it uses.
    return ordered.reversed()
  }

  /// The folder that holds `modules` built with the sanitizer (their `.swiftmodule` and `lib….a`),
  /// from the cache when this toolchain built them from these sources before; `nil` when one does
  /// not build.
  static func libraries(_ modules: [String], swiftc: String, root: String) async -> String? {
    let order = modules.reversed()
    var fingerprint = Fingerprint()
    fingerprint.add(swiftc)
    fingerprint.add(Platform.compilerTargetFlags.joined(separator: " "))
    var sources: [String: [String]] = [:]
    for module in order {
      let files = swiftFiles(under: "\(root)/Sources/\(module)")
      sources[module] = files
      for file in files {
        fingerprint.add(file)
        fingerprint.add((try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data())
      }
    }
    let cache = "\(root)/.build/course-race/\(order.joined(separator: "+"))-\(String(fingerprint.value, radix: 16))"
    if FileManager.default.fileExists(atPath: "\(cache)/built") { return cache }
    let building = "\(cache).\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: building) }
    try? FileManager.default.createDirectory(atPath: building, withIntermediateDirectories: true)
    for module in order {
      let result = await Swift6Build.launch(
        swiftc,
        [
          // The package builds these in the Swift 6 mode, where regex literals need no flag.
          "-emit-library", "-static", "-emit-module", "-parse-as-library", "-swift-version", "5",
          "-enable-bare-slash-regex", "-suppress-warnings",
          "-g", "-sanitize=thread", "-module-name", module, "-emit-module-path", "\(building)/\(module).swiftmodule",
          "-module-cache-path", "\(building)/cache", "-I", building, "-o", "\(building)/lib\(module).a",
        ] + Platform.compilerTargetFlags + (sources[module] ?? []), limit: 600)
      guard result.status == 0 else { return nil }
    }
    _ = FileManager.default.createFile(atPath: "\(building)/built", contents: Data())
    // Another process may have built the same at the same time: either copy serves.
    try? FileManager.default.createDirectory(
      atPath: (cache as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    if (try? FileManager.default.moveItem(atPath: building, toPath: cache)) == nil,
      !FileManager.default.fileExists(atPath: "\(cache)/built")
    {
      return nil
    }
    return cache
  }

  /// The Swift files under `folder`, at any depth, sorted.
  static func swiftFiles(under folder: String) -> [String] {
    let all = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
    return all.filter { $0.hasSuffix(".swift") }.sorted().map { "\(folder)/\($0)" }
  }

  /// FNV-1a over what a cache entry was built from.
  struct Fingerprint {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func add(_ text: String) { add(Data(text.utf8)) }
    mutating func add(_ data: Data) {
      for byte in data {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01B3
      }
      value ^= 0xff
      value = value &* 0x0000_0100_0000_01B3
    }
  }
}
