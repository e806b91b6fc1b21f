import CourseCatalog
import Foundation

/// `course interview`: a timed mock interview: a question, an exercise on the clock, a grade, then the model answer.
struct InterviewCommand: Command {
  static let info = CommandInfo(
    name: "interview", abstract: "A mock interview: a question and a timed exercise, graded, then the model answer.",
    usage: "interview [--topic <n>] [--grade <1-4>] [--minutes <m>] [--seed <n>] [--no-wait]",
    discussion: """
      Picks a question (and the exercise that practises it), starts the clock, and waits until you press
      Return or the time is up. Then it checks the exercise, grades you (passed in time, passed late, not
      yet), and shows the model answer. Edit the exercise's file as in any other session; `course reset`
      gives you a fresh stub to interview on.
      """,
    options: [
      ("--topic <n>", "Only questions of this topic."),
      ("--grade <1-4>", "Only questions of this grade."),
      ("--minutes <m>", "The time limit (default: 5 per grade level)."),
      ("--seed <n>", "Pick deterministically, to give a room the same question."),
      ("--no-wait", "Do not run the clock: grade the exercise as it is now (for scripts and demos)."),
    ])

  var topic: String?
  var grade: Int?
  var minutes: Double?
  var seed: UInt64?
  var wait: Bool

  init(_ arguments: inout Arguments) throws {
    topic = try arguments.option("--topic")
    grade = try arguments.option("--grade").map { text in
      guard let grade = Int(text), (1...4).contains(grade) else {
        throw CourseError.usage("--grade takes 1, 2, 3 or 4.")
      }
      return grade
    }
    minutes = try arguments.option("--minutes").map { text in
      guard let minutes = Double(text), minutes > 0 else {
        throw CourseError.usage("--minutes takes a number of minutes.")
      }
      return minutes
    }
    seed = try arguments.number("--seed", "a whole number", zeroAllowed: true)
    wait = !arguments.flag("--no-wait")
    try arguments.finish(known: ["--topic", "--grade", "--minutes", "--seed", "--no-wait"])
  }

  func run(_ course: Course) throws -> Int32 {
    let candidates = InterviewBank(root: course.workspace.root, topics: course.topics).questions.filter { question in
      (topic.map { String(question.topic.number) == $0 || question.topic.module.lowercased() == $0.lowercased() }
        ?? true)
        && (grade.map { question.grade.rawValue == $0 } ?? true) && question.exercise != nil
    }
    guard !candidates.isEmpty else { throw CourseError.usage("No interview question matches those options.") }
    var generator = SeededGenerator(seed: seed ?? UInt64(Date().timeIntervalSince1970 * 1000))
    let question = candidates[Int(generator.next() % UInt64(candidates.count))]
    let (practiceTopic, exercise) = try course.exercise(question.exercise ?? "")
    let limit = (minutes ?? Double(5 * question.grade.rawValue)) * 60
    let style = course.style

    print(
      style.bold("Mock interview") + style.dim("   topic \(question.topic.number), grade \(question.grade.rawValue)"))
    print()
    print(style.bold("Question: ") + question.text)
    print()
    print(style.bold("Exercise \(exercise.id): \(exercise.title)") + "  in \(practiceTopic.exercisePath(exercise))")
    print("Talk through your answer, then make the exercise pass. You have \(Self.format(limit)).")
    let start = Date()
    if wait {
      print(style.dim("The clock is running. Press Return when you are done."))
      Self.waitForReturn(upTo: limit)
    }
    let elapsed = Date().timeIntervalSince(start)
    print()
    print("Time: \(Self.format(elapsed)) of \(Self.format(limit)). Checking \(exercise.id)…")
    let verdict = try course.check([(practiceTopic, exercise)])[exercise.id] ?? .noTests
    print(CheckCommand.render(verdict, of: exercise, in: practiceTopic, style: style))
    print()
    let outcome: String
    switch (verdict.isPassed, elapsed <= limit) {
    case (true, true): outcome = style.green("Pass: the exercise passes, in time.")
    case (true, false): outcome = style.yellow("Pass, over time: right, but an interviewer would have moved on.")
    case (false, _):
      outcome = style.red("Not yet: the exercise does not pass. Read the failures above, then the lesson.")
    }
    print(style.bold("Grade: ") + outcome)
    print()
    print(style.bold("Model answer"))
    print(question.answer ?? "(No model answer yet in \(question.topic.answersPath).)")
    return verdict.isPassed ? 0 : 1
  }

  /// Blocks until the user presses Return or `seconds` pass.
  static func waitForReturn(upTo seconds: Double) {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = readLine()
      done.signal()
    }
    _ = done.wait(timeout: .now() + seconds)
  }

  static func format(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    return total >= 60 ? "\(total / 60) min \(total % 60) s" : "\(total) s"
  }
}

/// A small, seedable random number generator (SplitMix64), so a room can share one question.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
