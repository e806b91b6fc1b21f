import CourseAudits
import CourseCatalog
import Testing

@testable import course

@Suite("The wrong-answer proof's rounds")
struct WrongAnswerRoundsTests {
  /// A wrong answer to `id` named `slug`, with a header the corpus can read.
  static func answer(_ id: String, _ slug: String) -> WrongAnswer {
    let source = """
      // Wrong answer to exercise \(id) · \(slug)
      // Mistake: "m"
      // Anti-pattern: b
      // Failure says: s
      """
    return WrongAnswer(path: "Tests/WrongAnswers/Capstone/\(id)-\(slug).swift", source: source)!
  }

  @Test("An exercise never shares a round with one it builds on, and every answer is proved once, in order")
  func roundsKeepPrerequisitesSolved() throws {
    let topic = try #require(Catalog.topic("6"))
    let groups = topic.exercises.map { exercise in
      (topic, exercise, (1...4).map { Self.answer(exercise.id, "wrong-\($0)") })
    }
    let rounds = WrongAnswerProof.rounds(groups)
    for round in rounds {
      let ids = round.map(\.1.id)
      #expect(Set(ids).count == ids.count, "A round swaps one wrong answer per exercise at most: \(ids)")
      for (_, exercise, _) in round {
        let beside = exercise.buildsOn.filter(ids.contains)
        #expect(beside.isEmpty, "\(exercise.id) shares a round with \(beside), which it builds on")
      }
    }
    let proved = rounds.flatMap { $0 }.map(\.2.path)
    #expect(proved.sorted() == groups.flatMap(\.2).map(\.path).sorted())
    for (_, exercise, answers) in groups {
      #expect(rounds.flatMap { $0 }.filter { $0.1.id == exercise.id }.map(\.2.slug) == answers.map(\.slug))
    }
    #expect(rounds.count == 8, "Four rounds for 6.1 to 6.5 side by side, then four for 6.6 alone")
  }
}
