import CourseCatalog
import Foundation

/// `course`: every topic and exercise with its grade, points and state, a progress bar, and what to do next.
struct OverviewCommand: Command {
  static let info = CommandInfo(
    name: "overview", abstract: "Show every exercise, its state, your progress and the next exercise (the default).",
    usage: "[overview] [--json] [--no-check]",
    discussion: """
      States are remembered per file content in .course/progress.json, so the overview is instant when
      nothing changed. Exercises whose files changed since their last check are checked first.
      """,
    options: [
      ("--json", "Print the overview as JSON, for instructors' dashboards and scripts."),
      ("--no-check", "Do not check changed exercises; show them as \"changed\"."),
    ])

  var json: Bool
  var checking: Bool

  init(_ arguments: inout Arguments) throws {
    json = arguments.flag("--json")
    checking = !arguments.flag("--no-check")
    try arguments.finish(known: ["--json", "--no-check"])
  }

  func run(_ course: Course) throws -> Int32 {
    let states = try course.states(checking: checking)
    let earned = course.exercises.filter { states[$0.exercise.id] == .some(.passed) }.map(\.exercise.points).reduce(
      0, +)
    let total = course.exercises.map(\.exercise.points).reduce(0, +)
    let next = course.next(after: states)
    if json {
      print(try JSONReport.overview(course, states: states, earned: earned, total: total, next: next))
      return 0
    }
    let style = course.style
    let passed = course.exercises.filter { states[$0.exercise.id] == .some(.passed) }.count
    print(
      style.bold("Swift concurrency migration course")
        + "   \(passed)/\(course.exercises.count) exercises, \(earned)/\(total) points")
    print(progressBar(fraction: total == 0 ? 0 : Double(earned) / Double(total), style: style))
    let titleWidth = min(56, course.exercises.map(\.exercise.title.count).max() ?? 0)
    for topic in course.topics {
      print()
      print(style.bold("\(topic.number)  \(topic.title)") + style.dim("   \(topic.lessonPath)"))
      for exercise in topic.exercises {
        let state = states[exercise.id] ?? nil
        let (mark, word) = describe(state, style: style)
        let title =
          exercise.title.count > titleWidth
          ? exercise.title.prefix(titleWidth - 1) + "…"
          : exercise.title.padding(toLength: titleWidth, withPad: " ", startingAt: 0)
        let grade = "\(exercise.grade.rawValue) \(exercise.grade.name)".padding(
          toLength: 17, withPad: " ", startingAt: 0)
        print(
          "  \(mark) \(exercise.id.padding(toLength: 5, withPad: " ", startingAt: 0)) \(title) \(grade) \(String(format: "%3d", exercise.points)) pts  \(word)"
        )
      }
    }
    print()
    if let (topic, exercise) = next {
      print(style.bold("Next: \(exercise.id) \(exercise.title)"))
      print("  edit   \(topic.exercisePath(exercise))")
      print("  read   \(topic.lessonLink(exercise))")
      print("  check  swift run course check \(exercise.id)     (or: swift test --filter \(topic.filter(exercise)))")
      print("  stuck? swift run course hint \(exercise.id)")
      // While the lesson is read, the first build of the topic the learner works on (the file saved
      // last, else the next exercise) runs: the first check of it then only links.
      let working = course.whereTheLearnerIs(states)?.topic ?? topic
      if BackgroundBuild.isWanted(), BackgroundBuild.start(working, in: course.workspace) {
        print(
          style.dim(
            "  (Building topic \(working.number) in the background while you read, so that your first check takes seconds. Any check stops it and keeps what it built.)"
          ))
      }
    } else {
      print(style.green(style.bold("Every exercise passes. Well done.")))
    }
    return 0
  }

  private func describe(_ state: Verdict?, style: Style) -> (String, String) {
    switch state {
    case .passed?: (style.green("✓"), style.green("passed"))
    case .notStarted?: (style.dim("·"), style.dim("not started"))
    case let verdict?: (style.red("✗"), style.red(verdict.state))
    case nil: (style.yellow("~"), style.yellow("changed, not checked"))
    }
  }

  private func progressBar(fraction: Double, style: Style) -> String {
    let width = 40
    let filled = Int((fraction * Double(width)).rounded())
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    return style.green(bar) + " \(Int((fraction * 100).rounded()))%"
  }
}
