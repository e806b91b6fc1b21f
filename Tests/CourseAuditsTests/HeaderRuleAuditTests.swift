import CourseAudits
import CourseCatalog
import Foundation
import Testing

@Suite("Every rule of a header is traced to a test and a wrong answer")
struct HeaderRuleAuditTests {
  static let header = """
    // Exercise 9.1 · A fake
    // Grade 1 (warm-up) · Lesson: Docs/none.md#fake
    // Check it: swift run course check 9.1
    //
    // A story, which is context and needs no id.
    //   - a rule that is tested and broken; [tested-and-broken]
    //   - a rule with no id;
    //   - a rule that no test reads, carried on
    //     over two lines. [untested]
    // A sentence of prose that says a rule. [unbroken] Another one. [tested-and-broken]
    // A rule with an id the exercise does not declare. [unknown-id]

    import Foundation

    """

  @Test("A header's rules are its bullets and its tagged sentences, each with the ids at its end")
  func rules() {
    let rules = HeaderRule.rules(in: Self.header)
    #expect(rules.filter(\.isBullet).map(\.ids) == [["tested-and-broken"], [], ["untested"]])
    #expect(rules.first { $0.ids == ["untested"] }?.text == "a rule that no test reads, carried on over two lines.")
    #expect(rules.filter { !$0.isBullet }.map(\.ids) == [["unbroken"], ["tested-and-broken"], ["unknown-id"]])
    #expect(rules.first { $0.ids == ["unbroken"] }?.line == 10)
  }

  @Test("The audit fails on a bullet with no id, an unknown id, an id no test reads and one no answer breaks")
  func audit() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("header-audit-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    func write(_ path: String, _ text: String) throws {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    try write("Exercises/Fake/Ex9_1_Fake.swift", Self.header)
    try write(
      "Tests/FakeTests/Ex9_1_FakeTests.swift",
      "let sentences = [\"… [tested-and-broken]\", \"… [unbroken]\"]\n")
    for id in ["tested-and-broken", "untested"] {
      try write(
        "Tests/WrongAnswers/Fake/9.1-\(id).swift",
        """
        // Wrong answer to exercise 9.1 · \(id)
        // Mistake: "A mistake."
        // Anti-pattern: \(id)
        // Failure says: a sentence

        """)
    }
    let exercise = Exercise(
      id: "9.1", title: "A fake", grade: .warmUp, points: 1, name: "Ex9_1_Fake", lessonAnchor: "fake",
      hints: ["h"],
      antiPatterns: [
        AntiPattern(id: "tested-and-broken", unlisted: "a"), AntiPattern(id: "untested", unlisted: "b"),
        AntiPattern(id: "unbroken", unlisted: "c"),
      ])
    let topic = Topic(number: 9, module: "Fake", title: "Fake", lessonFile: "none.md", exercises: [exercise])
    let problems = CatalogAudit(root: root).headerRuleProblems(of: topic).sorted()
    #expect(
      problems == [
        "Exercises/Fake/Ex9_1_Fake.swift's header names `unknown-id`, which exercise 9.1 does not declare.",
        "Exercises/Fake/Ex9_1_Fake.swift's rule `unbroken` is broken by no wrong answer: add one to Tests/WrongAnswers/Fake that names it.",
        "Exercises/Fake/Ex9_1_Fake.swift's rule `untested` is read by no test: no failure of Ex9_1_FakeTests says [untested].",
        "Exercises/Fake/Ex9_1_Fake.swift:7's rule \"a rule with no id;\" has no id: end it with the mistake that breaks it, `[id]`.",
      ], "\(problems)")
  }
}
