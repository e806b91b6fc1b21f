import CourseCatalog
import Foundation
import Testing

@Suite("A rule about a learner's own tests reads their code, not their comments")
struct SuiteRuleTests {
  let rule = SuiteRule(forbidding: "ArticleCloud", "Your tests use the legacy cloud. [touches-singleton]")

  @Test("A use in code breaks the rule, wherever it is on the line")
  func useInCode() {
    #expect(rule.isBroken(by: "let repository = ArticleCloudRepository()"))
    #expect(rule.isBroken(by: "let a = 2 / 1; let cloud = ArticleCloud.shared"), "a lone slash is not a comment")
  }

  @Test("A name in a comment, of either kind, does not")
  func nameInAComment() {
    #expect(!rule.isBroken(by: "// never ArticleCloud.shared here\nlet stub = StubArticleRepository()"))
    #expect(!rule.isBroken(by: "/* not ArticleCloud,\n   nor its singleton */ let stub = 1"))
    #expect(rule.isBroken(by: "/* a note */ let cloud = ArticleCloud.shared // and a note"), "code between comments")
  }

  @Test("7.3's rules are declared with an id of 7.3, and its shipped stub and solution break none")
  func catalogsRules() throws {
    let exercise = try #require(Catalog.exercise("7.3")?.exercise)
    #expect(exercise.suiteRules.count == 2)
    let known = Set(exercise.antiPatterns.map(\.id))
    for rule in exercise.suiteRules {
      #expect(AntiPattern.tags(in: rule.sentence, known: known) == ["touches-singleton"], "\(rule.sentence)")
    }
    for folder in ["Exercises", "Solutions"] {
      let url = CatalogAuditTests.root.appendingPathComponent("\(folder)/ProvingAdapters/\(exercise.fileName)")
      let source = try String(contentsOf: url, encoding: .utf8)
      #expect(exercise.suiteRules.allSatisfy { !$0.isBroken(by: source) }, "\(folder) breaks a rule of 7.3")
    }
  }
}
