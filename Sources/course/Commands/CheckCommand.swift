import CourseCatalog
import Foundation

/// `course check <id | topic | all>`: runs the right suites and says, in words, what passed and what did not.
struct CheckCommand: Command {
  static let info = CommandInfo(
    name: "check", abstract: "Check one exercise, a topic, or all of them, and explain the result.",
    usage: "check <id | topic | all> [--json] [--scratch] [--timeout <seconds>] [--verbose]",
    discussion: """
      Each topic is built on its own (COURSE_TOPICS), so a half-edited file in one topic cannot stop another
      from being checked; a file that does not compile fails only its own exercise. An exercise that promises
      to hold under a race (3.4) and passes is checked again under the thread sanitizer, which sees a race
      every time that a plain run sees only when two cores are free. Exits 0 when everything checked passes.
      """,
    options: [
      ("--json", "Print the verdicts as JSON."),
      ("--scratch", "Check the instructor's scratch copy (see `course live`) instead of Exercises/."),
      ("--timeout <seconds>", "How long the tests may run before they count as hung (default 120)."),
      ("--verbose", "Show the build's output as it happens, and Swift Testing's own lines under each sentence."),
    ])

  var key: String
  var json: Bool
  var scratch: Bool
  var timeout: Double
  var verbose: Bool

  init(_ arguments: inout Arguments) throws {
    json = arguments.flag("--json")
    scratch = arguments.flag("--scratch")
    verbose = arguments.flag("--verbose")
    let timeout: Double = try arguments.number("--timeout", "a number of seconds") ?? 120
    guard let key = arguments.positional() else {
      throw CourseError.usage("Which exercise? For example `swift run course check 1.1`, `check 1` or `check all`.")
    }
    self.key = key
    self.timeout = timeout
    try arguments.finish(known: ["--json", "--scratch", "--timeout", "--verbose"])
  }

  func run(_ course: Course) throws -> Int32 {
    let items = try course.resolve(key)
    if scratch {
      for topic in Set(items.map(\.topic.module)) {
        if let topic = course.topics.first(where: { $0.module == topic }) {
          try course.workspace.prepareScratch(of: topic)
        }
      }
    }
    if !json {
      print(course.style.dim("Checking \(items.count == 1 ? items[0].exercise.id : "\(items.count) exercises")…"))
    }
    let verdicts = try course.check(
      items, mode: scratch ? .scratch : .exercises, timeLimit: timeout, echo: verbose && !json, showProgress: !json)
    if json {
      print(try JSONReport.encode(items.map { JSONReport.state($0.topic, $0.exercise, verdicts[$0.exercise.id]) }))
    } else {
      for (topic, exercise) in items {
        guard let verdict = verdicts[exercise.id] else { continue }
        print(CheckCommand.render(verdict, of: exercise, in: topic, style: course.style, scratch: scratch))
      }
      let passed = items.filter { verdicts[$0.exercise.id] == .passed }.count
      if items.count > 1 { print("\(passed) passed, \(items.count - passed) failed") }
    }
    return items.allSatisfy { verdicts[$0.exercise.id] == .passed } ? 0 : 1
  }

  /// The file a learner (or, with `scratch`, the instructor) edits for `exercise`.
  static func path(of exercise: Exercise, in topic: Topic, scratch: Bool) -> String {
    scratch ? "\(Workspace.scratchFolder)/\(topic.module)/\(exercise.fileName)" : topic.exercisePath(exercise)
  }

  /// `line` as it reads for the scratch copy: the kit's sentences name the learner's files and
  /// commands, for this exercise and for those of its topic that it builds on; a scratch verdict
  /// names the scratch copy's files and the `--scratch` commands.
  static func inScratchWords(_ line: String, topic: Topic) -> String {
    let ids = Set(topic.exercises.map(\.id))
    return
      line
      .replacingOccurrences(of: "Exercises/\(topic.module)/", with: "\(Workspace.scratchFolder)/\(topic.module)/")
      .replacing(/swift run course check (\d+\.\d+)(?! --scratch)\b/) { match in
        ids.contains(String(match.1)) ? "swift run course check \(match.1) --scratch" : String(match.0)
      }
  }

  static func render(_ verdict: Verdict, of exercise: Exercise, in topic: Topic, style: Style, scratch: Bool = false)
    -> String
  {
    let heading = "\(exercise.id) \(exercise.title)\(scratch ? " (scratch copy)" : ""): "
    let state = verdict.isPassed ? style.green(verdict.state) : style.red(verdict.state)
    var lines = [style.bold(heading) + state]
    if !verdict.isPassed {
      var explanation = verdict.explanation
      if scratch { explanation = explanation.map { inScratchWords($0, topic: topic) } }
      lines += explanation.map { "  " + $0 }
      if case .notStarted = verdict {
      } else {
        lines.append(
          style.dim("  Lesson: \(topic.lessonLink(exercise)) · a hint: swift run course hint \(exercise.id)"))
      }
    }
    return lines.joined(separator: "\n")
  }
}
