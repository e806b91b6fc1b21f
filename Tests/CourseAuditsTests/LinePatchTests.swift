import CourseAudits
import Foundation
import Testing

@Suite("A wrong answer kept as a patch of its solution")
struct LinePatchTests {
  static let solution = (1...20).map { "line \($0)" }.joined(separator: "\n") + "\n"
  /// The solution with line 5 removed, line 16 changed and a header in place of line 1.
  static let answer =
    (["// Wrong answer", "// Mistake: \"…\""]
    + (2...20).compactMap { number -> String? in
      number == 5 ? nil : number == 16 ? "line 16, broken" : "line \(number)"
    }).joined(separator: "\n") + "\n"

  @Test("Made from two files, written out and read back, it turns the first into the second")
  func roundTrip() throws {
    let patch = LinePatch(from: Self.solution, to: Self.answer)
    #expect(patch.hunks.count == 2, "a change at 1 and 5 shares its context; the one at 16 stands alone")
    let text = patch.text(from: "Solutions/T/Ex1_1_A.swift", to: "Tests/WrongAnswers/T/1.1-a.swift")
    #expect(text.hasPrefix("--- Solutions/T/Ex1_1_A.swift\n+++ Tests/WrongAnswers/T/1.1-a.swift\n@@ -1,"))
    #expect(try LinePatch(parsing: text).apply(to: Self.solution) == Self.answer)
  }

  @Test("A solution whose lines moved still takes the patch, where its lines stand now")
  func movedSolution() throws {
    let text = LinePatch(from: Self.solution, to: Self.answer).text(from: "a", to: "b")
    let moved = "// a new first comment\n// and a second\n" + Self.solution
    let applied = try LinePatch(parsing: text).apply(to: moved)
    #expect(applied.contains("line 16, broken") && !applied.contains("line 5\n") && applied.contains("// Mistake"))
  }

  @Test("A solution whose patched lines are gone is a conflict that names the hunk")
  func conflict() throws {
    let text = LinePatch(from: Self.solution, to: Self.answer).text(from: "a", to: "b")
    let changed = Self.solution.replacingOccurrences(of: "line 16\n", with: "line sixteen\n")
    #expect(throws: LinePatch.Failure.self) { try LinePatch(parsing: text).apply(to: changed) }
    do {
      _ = try LinePatch(parsing: text).apply(to: changed)
    } catch {
      #expect("\(error)".contains("is not in the file it patches"))
    }
  }

  @Test("The same file makes an empty patch, which leaves it as it is")
  func noChange() throws {
    let patch = LinePatch(from: Self.solution, to: Self.solution)
    #expect(patch.hunks.isEmpty)
    #expect(try patch.apply(to: Self.solution) == Self.solution)
  }
}
