import Foundation

/// `course demo <name>`: run a live demonstration of a concurrency bug, in a child process, and explain it.
struct DemoCommand: Command {
  static let info = CommandInfo(
    name: "demo", abstract: "Instructors: run a bug on purpose (a double resume, a leak, ...) and explain it.",
    usage: "demo [<name>]",
    discussion: "Without a name, lists the demos. Each runs in a child process, so a trap is shown, not suffered:\n"
      + Demo.all.map { "  \($0.name.padding(toLength: 24, withPad: " ", startingAt: 0))\($0.title)" }.joined(
        separator: "\n"))

  var name: String?

  init(_ arguments: inout Arguments) throws {
    name = arguments.positional()
    try arguments.finish(known: [])
  }

  func run(_ course: Course) throws -> Int32 {
    guard let name else {
      print(course.style.bold("Demos") + course.style.dim("   swift run course demo <name>"))
      for demo in Demo.all { print("  \(demo.name.padding(toLength: 24, withPad: " ", startingAt: 0))\(demo.title)") }
      return 0
    }
    guard let demo = Demo.all.first(where: { $0.name == name }) else {
      throw CourseError.unknownExercise(name, suggestions: Suggestions.closest(to: name, in: Demo.all.map(\.name)))
    }
    print(course.style.bold("Demo: \(demo.title)"))
    print()
    let outcome = try Subprocess(
      arguments: [Self.executablePath], environment: [DemoCommand.childVariable: demo.name],
      directory: course.workspace.root, timeLimit: 20
    ).run()
    for line in Self.shown(outcome.output) { print("  │ " + line) }
    print("  └ " + course.style.dim(Self.describe(outcome)))
    print()
    print(course.style.bold("What happened"))
    print(demo.explanation)
    return 0
  }

  /// The environment variable that makes the `course` executable run a demo's scenario and nothing else.
  static let childVariable = "COURSE_DEMO_CHILD"

  /// The running executable's absolute path, to start the child with.
  static var executablePath: String {
    let path = CommandLine.arguments[0]
    if path.hasPrefix("/") { return path }
    if path.contains("/") { return FileManager.default.currentDirectoryPath + "/" + path }
    return Bundle.main.executablePath ?? path
  }

  /// The child's output up to the runtime's fatal message; the backtrace after it is noise on a projector.
  static func shown(_ output: String) -> [String] {
    var lines: [String] = []
    for line in output.split(separator: "\n").map(String.init) {
      lines.append(line)
      if line.contains("Fatal error") {
        lines.append("(the runtime's backtrace follows; omitted)")
        break
      }
    }
    return lines
  }

  static func describe(_ outcome: Subprocess.Outcome) -> String {
    if outcome.timedOut { return "the child process was stopped after 20 s" }
    if let signal = outcome.signal { return "the child process was killed by signal \(signal) (a trap)" }
    return "the child process exited with status \(outcome.exitCode ?? -1)"
  }

  /// In the child: runs the named demo's scenario, then exits.
  static func runChild(_ name: String) -> Never {
    guard let demo = Demo.all.first(where: { $0.name == name }) else { exit(2) }
    let done = DispatchSemaphore(value: 0)
    Task {
      await demo.scenario()
      done.signal()
    }
    done.wait()
    exit(0)
  }
}
