import CourseCatalog
import Foundation

/// `course warm`: every build the workshop day needs, done before the room arrives, and timed.
///
/// A check builds one topic at a time, in one of five build folders: the learner's exercises in
/// `.build/course-exercises`, the solutions in `.build/course-solutions`, the instructor's scratch copy in
/// `.build/course-scratch`, when a file does not compile, the topic with that file's stub in
/// `.build/course-isolated`, and the race tests of a passing exercise under the thread sanitizer in
/// `.build/course-sanitized`. A first build in a folder takes minutes on a laptop; later ones take
/// seconds. So the warm-up runs exactly the builds the day's checks will run, topic by topic, in
/// each folder, after making sure every topic's scratch copy exists (`course live` makes the same
/// copy, and never overwrites a file that is already there), and says how long each took.
struct WarmCommand: Command {
  static let info = CommandInfo(
    name: "warm",
    abstract:
      "Instructor: build everything the day needs (exercises, solutions, scratch copies, the compile-error fallback), and time it.",
    usage: "warm [--dry-run]",
    discussion:
      "Run it before the room arrives, on the machine you will present from: every check of the day then starts warm. Scratch copies are created where missing, never overwritten.",
    options: [("--dry-run", "Print the plan, the builds and their commands, without building anything.")])

  /// One build of the plan: a topic, in the build folder of one mode.
  struct Step: Equatable {
    var mode: Checker.Mode
    var topic: Topic
    /// Whether this is the build a check falls back to when one of the topic's files does not
    /// compile: the topic with that file replaced by its stub, in its own folder. Warmed with every
    /// file a stub, so that the fallback recompiles only the files that differ.
    var isolated = false
    /// Whether this is the build in which a check runs the race tests of an exercise that passed,
    /// under the thread sanitizer (``Checker/checkRaces(of:in:sourcesFolder:label:)``).
    var sanitized = false
    /// What the step is for, in a few words.
    var purpose: String {
      if isolated { return "fallback for a file that does not compile" }
      if sanitized { return "race tests, under the thread sanitizer" }
      return switch mode {
      case .exercises: "learners' exercises"
      case .solutions: "solutions"
      case .scratch: "scratch copy"
      }
    }
    /// The folder the step builds from, and the build folder it builds in.
    func folders(_ workspace: Workspace) -> (sources: String, scratch: String) {
      let checker = Checker(workspace: workspace, mode: mode)
      if isolated { return (Workspace.isolatedFolder, Checker.isolatedScratchPath) }
      if sanitized { return (checker.sourcesFolder(of: topic), Checker.sanitizedScratchPath) }
      return (checker.sourcesFolder(of: topic), checker.scratchPath)
    }
  }

  var dryRun: Bool

  init(_ arguments: inout Arguments) throws {
    dryRun = arguments.flag("--dry-run")
    try arguments.finish(known: ["--dry-run"])
  }

  /// The day's builds: each topic in learner mode, then with the solutions, then in the scratch
  /// copy, then the fallback build a check needs when a file does not compile, then, for each topic
  /// with race tests, the thread sanitizer's build a check runs them in.
  static func plan(topics: [Topic] = Catalog.topics) -> [Step] {
    [Checker.Mode.exercises, .solutions, .scratch].flatMap { mode in topics.map { Step(mode: mode, topic: $0) } }
      + topics.map { Step(mode: .exercises, topic: $0, isolated: true) }
      + topics.filter { $0.exercises.contains { !$0.raceTests.isEmpty } }.map {
        Step(mode: .exercises, topic: $0, sanitized: true)
      }
  }

  /// The command line a step runs, as a person would type it.
  static func commandLine(of step: Step, workspace: Workspace) -> String {
    let checker = Checker(workspace: workspace, mode: step.mode)
    let (sources, scratch) = step.folders(workspace)
    let environment = checker.environment(topics: [step.topic], sourcesFolder: sources)
    let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let sanitizer = step.sanitized ? ["--sanitize=thread"] : []
    return (variables + ["swift", "build", "--build-tests"] + sanitizer + ["--scratch-path", scratch]).joined(
      separator: " ")
  }

  func run(_ course: Course) throws -> Int32 {
    let steps = Self.plan()
    if dryRun {
      print("The day's builds, in order (\(steps.count)):")
      for step in steps {
        print("  \(step.topic.module), \(step.purpose):  \(Self.commandLine(of: step, workspace: course.workspace))")
      }
      return 0
    }
    let clock = ContinuousClock()
    let start = clock.now
    var failed: [String] = []
    var times: [(String, Duration)] = []
    for (index, step) in steps.enumerated() {
      if step.mode == .scratch { try course.workspace.prepareScratch(of: step.topic) }
      if step.isolated {
        _ = try course.workspace.isolatedCopy(
          of: step.topic, from: "Exercises", replacing: step.topic.exercises.map(\.id))
      }
      let checker = Checker(workspace: course.workspace, mode: step.mode)
      let label = "[\(index + 1)/\(steps.count)] \(step.topic.module), \(step.purpose)"
      let began = clock.now
      let (sources, scratch) = step.folders(course.workspace)
      let outcome = try checker.build(
        topics: [step.topic], sourcesFolder: sources, scratch: scratch, sanitized: step.sanitized,
        status: course.liveStatus(label))
      times.append((label, clock.now - began))
      if !outcome.succeeded { failed.append("\(label): \(outcome.tail)") }
      print("\(label): \(Self.seconds(clock.now - began))\(outcome.succeeded ? "" : ", did not build")")
    }
    let total = clock.now - start
    print("")
    print("Warm: \(steps.count) builds in \(Self.seconds(total)). Every check of the day now starts from a warm build.")
    if let slowest = times.max(by: { $0.1 < $1.1 }) {
      print("The slowest was \(slowest.0), \(Self.seconds(slowest.1)).")
    }
    guard failed.isEmpty else {
      print("")
      print("Some builds failed; a learner's or a scratch file that does not compile is the usual cause:")
      for line in failed { print("  " + line) }
      return 1
    }
    return 0
  }

  /// A duration as a person reads it: "42 s", or "3 min 05 s".
  static func seconds(_ duration: Duration) -> String {
    let total = Int(duration.components.seconds)
    return total < 60 ? "\(total) s" : "\(total / 60) min \(String(format: "%02d", total % 60)) s"
  }
}
