import CourseCatalog
import Foundation

/// `course watch [id]`: re-checks on every save, redraws, and moves on when the exercise passes.
struct WatchCommand: Command {
  static let info = CommandInfo(
    name: "watch", abstract: "Re-check an exercise every time you save it; move on when it passes.",
    usage: "watch [<id>] [--scratch] [--interval <seconds>]",
    discussion:
      "Without an id, watches the exercise you saved last (or the next one, once it passes); on a fresh clone, the first. Stop it with Ctrl-C.",
    options: [
      ("--scratch", "Watch the instructor's scratch copy (see `course live`)."),
      ("--interval <seconds>", "How often to look for changes (default 0.5)."),
      ("--max-checks <n>", "Stop after n checks (for scripts)."),
    ])

  var id: String?
  var scratch: Bool
  var interval: Double
  var maxChecks: Int?

  init(_ arguments: inout Arguments) throws {
    scratch = arguments.flag("--scratch")
    interval = try arguments.number("--interval", "a number of seconds") ?? 0.5
    maxChecks = try arguments.number("--max-checks", "a whole number")
    id = arguments.positional()
    try arguments.finish(known: ["--scratch", "--interval", "--max-checks"])
  }

  func run(_ course: Course) throws -> Int32 {
    let mode: Checker.Mode = scratch ? .scratch : .exercises
    var current = try id.map { try course.exercise($0) } ?? course.whereTheLearnerIs(try course.states(checking: false))
    var checks = 0
    while let (topic, exercise) = current {
      if scratch { try course.workspace.prepareScratch(of: topic) }
      let fingerprint = course.workspace.fingerprint(of: exercise, in: topic, mode: mode)
      if course.style.isEnabled { Swift.print("\u{1B}[2J\u{1B}[H", terminator: "") }
      print(course.style.bold("Watching \(exercise.id) \(exercise.title)") + course.style.dim("   (Ctrl-C to stop)"))
      print(course.style.dim("Edit \(CheckCommand.path(of: exercise, in: topic, scratch: scratch)) and save."))
      print()
      fflush(nil)  // piped to a file or a pager, what is printed shows now, not when a buffer fills
      guard let verdict = try course.check([(topic, exercise)], mode: mode, showProgress: true)[exercise.id] else {
        continue  // saved again while it was checked: check the newest version
      }
      print(CheckCommand.render(verdict, of: exercise, in: topic, style: course.style, scratch: scratch))
      fflush(nil)
      checks += 1
      if let maxChecks, checks >= maxChecks { return verdict.isPassed ? 0 : 1 }
      if verdict.isPassed {
        if scratch {
          // The scratch copy is the instructor's: what comes next is theirs to say.
          print(course.style.green("The scratch copy of \(exercise.id) passes."))
          if let (_, next) = course.next(after: [:], from: exercise) {
            print(
              course.style.dim(
                "Next: swift run course live \(next.id), then swift run course watch \(next.id) --scratch"))
          }
          return 0
        }
        current = course.next(after: try course.states(checking: false), from: exercise)
        if let (_, next) = current {
          print()
          print(course.style.green("Passed. Moving on to \(next.id) \(next.title)…"))
          fflush(nil)
          Thread.sleep(forTimeInterval: 2)
          continue
        }
        print(course.style.green("Every exercise passes."))
        return 0
      }
      while course.workspace.fingerprint(of: exercise, in: topic, mode: mode) == fingerprint {
        Thread.sleep(forTimeInterval: interval)
      }
    }
    return 0
  }
}
