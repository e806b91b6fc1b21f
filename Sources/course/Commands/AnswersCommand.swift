import CourseCatalog

/// `course answers <topic> [<n>]`: the model answers to a lesson's interview questions, on request.
struct AnswersCommand: Command {
  static let info = CommandInfo(
    name: "answers", abstract: "Show the model answer to an interview question (answer it yourself first).",
    usage: "answers <topic> [<question number>]",
    discussion: "Without a number, lists the topic's questions. Model answers live in Solutions/Answers/.",
    options: [])

  var topic: String
  var number: Int?

  init(_ arguments: inout Arguments) throws {
    guard let topic = arguments.positional() else {
      throw CourseError.usage("Which topic? For example `swift run course answers 3 2` for topic 3's second question.")
    }
    self.topic = topic
    if let text = arguments.positional() {
      guard let number = Int(text) else { throw CourseError.usage("The question number must be a number, such as 2.") }
      self.number = number
    }
    try arguments.finish(known: [])
  }

  func run(_ course: Course) throws -> Int32 {
    guard
      let topic = course.topics.first(where: {
        String($0.number) == self.topic || $0.module.lowercased() == self.topic.lowercased()
      })
    else {
      let known = course.topics.map { String($0.number) } + course.topics.map(\.module)
      throw CourseError.unknownExercise(self.topic, suggestions: Suggestions.closest(to: self.topic, in: known))
    }
    let questions = InterviewBank(root: course.workspace.root, topics: [topic]).questions
    guard let number else {
      print(course.style.bold("Topic \(topic.number) · \(topic.title): interview questions"))
      for question in questions { print("  \(question.number). (\(question.grade.rawValue)) \(question.text)") }
      print(course.style.dim("Answer one aloud, then: swift run course answers \(topic.number) <number>"))
      return 0
    }
    guard let question = questions.first(where: { $0.number == number }) else {
      throw CourseError.usage("Topic \(topic.number) has questions 1 to \(questions.count).")
    }
    print(course.style.bold("Q\(number) (grade \(question.grade.rawValue)): ") + question.text)
    print()
    print(question.answer ?? "(No model answer yet in \(topic.answersPath).)")
    return 0
  }
}
