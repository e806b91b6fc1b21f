import CourseAudits
import CourseCatalog
import Foundation
import Testing

@Suite("The lessons' diagrams are well-formed")
struct MermaidDiagramTests {
  /// Every Markdown file a reader meets: the lessons, the guide, the answers, the maintainers' guide.
  static let markdownFiles: [URL] = {
    let root = CatalogAuditTests.root
    let folders = ["Docs", "Solutions/Answers"].map { root.appendingPathComponent($0) }
    let files = folders.flatMap { folder in
      ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
        .filter { $0.pathExtension == "md" }
    }
    return (files + [root.appendingPathComponent("CONTRIBUTING.md")]).sorted { $0.path < $1.path }
  }()

  @Test("Every mermaid block in the docs names a known diagram type and parses line by line")
  func everyDiagramIsWellFormed() throws {
    var count = 0
    for file in Self.markdownFiles {
      let text = try String(contentsOf: file, encoding: .utf8)
      for block in FencedBlock.blocks(in: text) where block.language == "mermaid" {
        count += 1
        let problems = MermaidCheck.problems(in: block.lines)
        #expect(
          problems.isEmpty,
          "\(file.lastPathComponent):\(block.line): \(problems.joined(separator: " "))")
      }
    }
    #expect(count >= 5, "The lessons draw at least five pictures; found \(count).")
  }

  @Test("The lessons the issue names each draw their pictures")
  func eachLessonHasItsPictures() throws {
    let expected = [
      "03-continuation-adapters.md": 1, "04-repeating-sources.md": 2, "05-mainactor-delegates.md": 1,
      "06-capstone.md": 1,
    ]
    for (name, minimum) in expected {
      let file = CatalogAuditTests.root.appendingPathComponent("Docs/\(name)")
      let blocks = FencedBlock.blocks(in: try String(contentsOf: file, encoding: .utf8))
      #expect(blocks.filter { $0.language == "mermaid" }.count >= minimum, "\(name) has lost a diagram")
    }
  }

  @Test(
    "A broken diagram is reported",
    arguments: [
      ("", "empty"),
      ("flowchart LR", "nothing in it"),
      ("flowhcart LR\n  A --> B", "not a Mermaid diagram type"),
      ("flowchart XY\n  A --> B", "not a flowchart direction"),
      ("flowchart LR\n  A[\"open --> B", "quote is not closed"),
      ("flowchart LR\n  A[label --> B", "never closed"),
      ("flowchart LR\n  A -> B", "well-formed arrow"),
      ("flowchart LR\n  A --> B; B --> C", "ends a Mermaid statement early"),
      ("flowchart LR\n  subgraph one\n    A --> B", "have no \"end\""),
      ("sequenceDiagram\n  participant A\n  participant B\n  A->B hello", "colon"),
      ("sequenceDiagram\n  participant A\n  A->>C: hello", "not a declared participant"),
      ("sequenceDiagram\n  participant A\n  alt one\n  A->>A: hi", "have no \"end\""),
      ("sequenceDiagram\n  participant A\n  Note above A: hi", "not a well-formed note"),
    ])
  func brokenDiagramIsReported(diagram: String, expected: String) {
    let problems = MermaidCheck.problems(in: diagram.components(separatedBy: "\n")).joined(separator: " ")
    #expect(problems.contains(expected), "\(diagram.debugDescription) gave: \(problems)")
  }

  @Test("Well-formed flowcharts and sequence diagrams pass")
  func wellFormedDiagramsPass() {
    let flowchart = """
      flowchart TB
        subgraph box["A box: with (parentheses)"]
          direction LR
          A["start"] --> B{"decide"} -.-> C(("done"))
          A ==>|"label"| C
        end
      """
    let sequence = """
      sequenceDiagram
        participant A as the caller
        participant B
        A->>B: call(x: 1)
        alt fine
          B-->>A: value
        else broken
          B--xA: trap
        end
        Note over A,B: both
      """
    #expect(MermaidCheck.problems(in: flowchart.components(separatedBy: "\n")) == [])
    #expect(MermaidCheck.problems(in: sequence.components(separatedBy: "\n")) == [])
  }

  @Test("Fenced blocks keep their info string, their line and the comment before them")
  func fencedBlocks() {
    let markdown = "text\n<!-- doc-test: partial -->\n```swift partial\nlet x = 1\n```\n  ```mermaid\n  graph LR\n  ```"
    let blocks = FencedBlock.blocks(in: markdown)
    #expect(blocks.count == 2)
    #expect(blocks.first?.info == "swift partial")
    #expect(blocks.first?.flags == ["partial"])
    #expect(blocks.first?.line == 3)
    #expect(blocks.first?.comment == "doc-test: partial")
    #expect(blocks.last?.lines == ["graph LR"])
  }
}
