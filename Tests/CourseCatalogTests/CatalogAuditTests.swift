import CourseCatalog
import Foundation
import Testing

@Suite("The catalog agrees with the files")
struct CatalogAuditTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test("Every exercise has its file, solution, suite, lesson section and hints, and every file is listed")
  func catalogIsComplete() {
    let problems = CatalogAudit(root: Self.root).problems()
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test("The audit catches a missing solution, a missing anchor, a clashing filter and a missing hint")
  func auditCatchesProblems() {
    let broken = Topic(
      number: 9, module: "PromiseChains", title: "Broken", lessonFile: "01-promise-chains.md",
      exercises: [
        Exercise(
          id: "9.1", title: "Missing", grade: .warmUp, points: 1, name: "Ex9_1", lessonAnchor: "no-such-heading",
          hints: []),
        Exercise(
          id: "9.10", title: "Clash", grade: .warmUp, points: 1, name: "Ex9_1Tests_", lessonAnchor: "x", hints: ["h"]),
      ])
    let problems = CatalogAudit(root: Self.root).problems(topics: [broken]).joined(separator: "\n")
    #expect(problems.contains("has no solution at Solutions/PromiseChains/Ex9_1.swift"))
    #expect(problems.contains("#no-such-heading is not a heading"))
    #expect(problems.contains("has 0 hints"))
    #expect(problems.contains("The filter of 9.1 also selects 9.10"))
    #expect(problems.contains("Exercises/PromiseChains/Ex1_1_WrapCompletionHandler.swift is not in the catalog"))
  }

  @Test("Anchors follow GitHub's rule")
  func anchors() {
    #expect(CatalogAudit.anchor(for: "Errors: catch, recover, ensure") == "errors-catch-recover-ensure")
    #expect(CatalogAudit.anchors(in: "# A\n```\n# not a heading\n```\n## Wrap a callback") == ["a", "wrap-a-callback"])
  }
}
