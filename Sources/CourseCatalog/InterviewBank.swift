import Foundation

/// The interview questions of every lesson, with their grades, the exercises that practise them and their model answers.
///
/// The questions live in each lesson's `## Interview questions` list, the answers in
/// `Solutions/Answers/<lesson>`, and the exercise each question practises in the
/// topic's catalog entry. `Docs/interview-questions.md` is generated from all three
/// (`course bank`), and `course interview` and `course answers` read them.
public struct InterviewBank {
  /// One question, where it comes from, and how to practise and check it.
  public struct Question: Sendable {
    /// The topic it belongs to.
    public let topic: Topic
    /// Its number in the lesson's list, from 1.
    public let number: Int
    /// How hard it is.
    public let grade: Grade
    /// The question, as the lesson asks it.
    public let text: String
    /// The id of the exercise that practises it, when the catalog names one.
    public let exercise: String?
    /// The model answer's Markdown, when there is one.
    public let answer: String?
  }

  /// Every question, topic by topic, in the lessons' order.
  public let questions: [Question]

  /// Reads the bank of the course at `root`.
  public init(root: URL, topics: [Topic] = Catalog.topics) {
    var questions: [Question] = []
    for topic in topics {
      let lesson = (try? String(contentsOf: root.appendingPathComponent(topic.lessonPath), encoding: .utf8)) ?? ""
      let answers = (try? String(contentsOf: root.appendingPathComponent(topic.answersPath), encoding: .utf8)) ?? ""
      let sections = Self.answerSections(answers)
      for (number, grade, text) in Self.questions(inLesson: lesson) {
        let exercise = number <= topic.interviewPractice.count ? topic.interviewPractice[number - 1] : nil
        questions.append(
          Question(topic: topic, number: number, grade: grade, text: text, exercise: exercise, answer: sections[number])
        )
      }
    }
    self.questions = questions
  }

  /// The numbered, graded items (`1. **(2)** ...`) under a lesson's `## Interview questions`.
  static func questions(inLesson markdown: String) -> [(Int, Grade, String)] {
    var items: [(Int, Grade, String)] = []
    var inside = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("## ") {
        if inside { break }
        inside = line == "## Interview questions"
        continue
      }
      guard inside else { continue }
      if let match = line.firstMatch(of: /^(\d+)\. \*\*\((\d)\)\*\* (.*)$/), let number = Int(match.1),
        let grade = Int(match.2).flatMap(Grade.init(rawValue:))
      {
        items.append((number, grade, String(match.3)))
      } else if line.hasPrefix("   "), let last = items.popLast() {
        items.append((last.0, last.1, last.2 + " " + line.trimmingCharacters(in: .whitespaces)))
      }
    }
    return items
  }

  /// The `## N. Title` sections of an answers file, by number.
  static func answerSections(_ markdown: String) -> [Int: String] {
    var sections: [Int: String] = [:]
    var current: Int?
    var lines: [String] = []
    func close() {
      if let current {
        sections[current] = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
      }
    }
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("## ") {
        close()
        current = line.firstMatch(of: /^## (\d+)\./).flatMap { Int($0.1) }
        lines = [line]
      } else if current != nil {
        lines.append(line)
      }
    }
    close()
    return sections
  }

  /// The bank as Markdown: `Docs/interview-questions.md`.
  public var markdown: String {
    var lines = [
      "# Interview questions",
      "",
      "Every lesson's interview questions in one place, grouped by topic and graded like the exercises (1",
      "warm-up, 2 practice, 3 challenge, 4 interview-hard). Each names the exercise that practises it.",
      "Answer aloud or in writing before you look at a model answer: `swift run course answers <topic> <n>`",
      "shows one, and `swift run course interview` runs a timed mock interview.",
      "",
      "This page is generated from the lessons and the catalog by `swift run course bank`; edit those, not this.",
    ]
    var topic: Topic?
    for question in questions {
      if topic != question.topic {
        topic = question.topic
        lines += ["", "## \(question.topic.number). \(question.topic.title)", ""]
      }
      var line = "\(question.number). **(\(question.grade.rawValue))** \(question.text)"
      if let id = question.exercise, let (practiceTopic, exercise) = Catalog.exercise(id) {
        line += " *Practise: [\(id) \(exercise.title)](../\(practiceTopic.exercisePath(exercise))).*"
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension Topic {
  /// The model answers to the lesson's interview questions, from the package root.
  public var answersPath: String { "Solutions/Answers/" + lessonFile }
}
