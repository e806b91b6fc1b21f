import CourseAudits
import CourseCatalog
import Foundation
import Testing

@Suite("Topic 7's subjects: the operators break the subject's own code, never the hand-written mutants'")
struct SubjectMutantTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// A subject shaped as the course's are: its own code, with a hand-written mutant's machinery woven in.
  static let subject = """
    // The subject of exercise 9.9.

    import LegacyKit

    public struct Loader {
      public func load(refresh: Bool) -> [Int] {
        let mutant = Mutant.chosen(for: "9.9")
        if mutant == "hangs" {
          pause(seconds: 60)
        } else {
          record(refresh)
        }
        switch mutant {
        case "empty":
          return []
        default:
          return fetch(refresh: refresh)
        }
      }

      /// For the mutant `slow`: fetches one at a time.
      private func slowly(refresh: Bool) -> [Int] {
        fetch(refresh: refresh)
      }
    }
    """

  @Test(
    "Lines that name a mutant, a `case \"slug\":` clause, an `if mutant ==` block and a mutant's helper are left alone")
  func machineryLeftAlone() {
    let mutants = MutationOperator.mutants(ofSubject: Self.subject)
    let lines = Set(mutants.map(\.line))
    // Line 11, `record(refresh)`, is the `else` of an `if` on a mutant: the correct subject's code.
    // Line 17, `fetch(refresh: refresh)` in `default:`, is the correct subject's too.
    #expect(lines == [11, 17], "mutated lines: \(mutants.map(\.summary))")
    #expect(mutants.map(\.number) == Array(1...mutants.count), "numbered from 1, in the file's order")
    // Every operator of the solutions' still applies: a removed call, an argument made a constant.
    #expect(mutants.contains { $0.operation == .removeStatement && $0.line == 11 })
    #expect(mutants.contains { $0.operation == .constantArgument && $0.line == 17 })
  }

  @Test("The catalog's live mutants of each subject are those the operators make of it now")
  func catalogIsCurrent() throws {
    for (id, found) in Catalog.subjectMutants.sorted(by: { $0.key < $1.key }) {
      let prefix = "Ex" + id.replacingOccurrences(of: ".", with: "_") + "_"
      let folder = Self.root.appendingPathComponent("Tests/ProvingAdaptersSubjects")
      let file = try #require(
        try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix(prefix) })
      let made = MutationOperator.mutants(
        ofSubject: try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
      #expect(made.count == found.made, "\(id): run `swift run course prove --mutants 7 --write`")
      for live in found.live {
        let mutant = made.first { $0.number == live.number }
        #expect(
          mutant?.original.map { $0.trimmingCharacters(in: .whitespaces) } == live.original
            && mutant?.replacement.map { $0.trimmingCharacters(in: .whitespaces) } == live.replacement,
          "\(id): mutant \(live.number) is not the catalog's: run `swift run course prove --mutants 7 --write`")
        #expect(!live.breaks.isEmpty && !live.rule.isEmpty && !live.caughtBy.isEmpty)
      }
    }
    #expect(Catalog.subjectMutants.count == 5, "every exercise of topic 7 has its subject's mutants")
  }
}
