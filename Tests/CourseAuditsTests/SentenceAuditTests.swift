import CourseAudits
import CourseCatalog
import Testing

@Suite("Every failure sentence names its anti-pattern by id")
struct SentenceAuditTests {
  /// A suite with each place a sentence goes: each `bad…` line records one that names no known id.
  static let suite = #"""
    @Suite("9.9", .exercise("9.9")) struct Ex9_9_Tests {
      @Test func shapes() async throws {
        #expect(calls == [true], "Pass `refresh` on, called with \(calls). [always-force-refresh]")
        #expect(values.isEmpty)  // bad: no sentence
        #expect(values.isEmpty, "Values must be empty.")  // bad: no tag
        #expect(values == [1], "A first value. [no-such-id]")  // bad: an unknown id
        try #require(first != nil, "Two possible causes. [done-only] [always-force-refresh]")
        Issue.record(
          """
          A long sentence
          on two lines. [done-only]
          """)
        Issue.record("A sentence with an array [true] in it.")  // bad: [true] is no id of its exercise
        ResumeProbe.expectExactlyOnce(child, "latest(refresh:)", ifHung: "It hung. [done-only]")
        ResumeProbe.expectExactlyOnce(child, "latest(refresh:)", ifHung: "It hung.")  // bad: ifHung, no tag
        _ = await awaitSettled(promise, "the chain", ifItHangs: "A chain left pending. [done-only]")
        throw ResumeProbe.ProbeFailure("It returned. [done-only]")
        await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {}
        let note = "#expect(x) inside a string is not a call"
      }
    }
    """#

  @Test("A sentence with no tag, a tag of no known id, and a missing sentence are found; tagged ones are not")
  func findsUntaggedSentences() {
    let lines = Self.suite.split(separator: "\n", omittingEmptySubsequences: false)
    let bad = Set(lines.indices.filter { lines[$0].contains("// bad") }.map { $0 + 1 })
    let found = SentenceAudit.problems(in: Self.suite, known: ["done-only", "always-force-refresh"])
    #expect(Set(found.map(\.line)) == bad, "\(found)")
    #expect(found.contains { $0.problem.contains("[no-such-id], which its exercise does not declare") })
    #expect(found.contains { $0.problem.contains("names no anti-pattern") })
    #expect(SentenceAudit.exercise(of: Self.suite) == "9.9")
  }

  @Test("Tags are read from the end of a sentence, only for known ids, and taken out of what a learner reads")
  func tagsAreReadAndRemoved() {
    let known: Set<String> = ["done-only", "always-force-refresh"]
    let message = "It was called with [true]. Resume from `.catch` too. [done-only] [always-force-refresh]"
    #expect(AntiPattern.tags(in: message, known: known) == ["done-only", "always-force-refresh"])
    #expect(AntiPattern.untagged(message, known: known) == "It was called with [true]. Resume from `.catch` too.")
    #expect(
      AntiPattern.adding("(it never resumed.)", to: "It hung. [done-only]")
        == "It hung. (it never resumed.) [done-only]")
    #expect(AntiPattern.adding("(it never resumed.)", to: "It hung.") == "It hung. (it never resumed.)")
    #expect(AntiPattern.tagged("It hung.", AntiPattern.neverFinished) == "It hung. [never-finished]")
  }

  @Test("The kit's ids are ids, and no exercise declares one of its own with the same name")
  func kitIDsAreReserved() {
    for kit in AntiPattern.kit {
      #expect(AntiPattern.isID(kit.id), "\(kit.id)")
      for (topic, exercise) in Catalog.topics.flatMap({ topic in topic.exercises.map { (topic, $0) } }) {
        #expect(
          !exercise.antiPatterns.contains { $0.id == kit.id },
          "Exercise \(exercise.id) of topic \(topic.number) declares the kit's id \(kit.id)")
      }
    }
  }
}
