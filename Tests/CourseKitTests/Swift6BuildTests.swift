import CourseCatalog
import CourseKit
import Testing

@Suite("Swift6Build: topic 8's compiler output read, explained and folded")
struct Swift6BuildTests {
  /// What Swift 6.3 prints for 8.1 and 8.3's shipped code, in the one-line style, with its notes.
  static let swift63 = """
    /x/Ex8_1_GlobalState.swift:18:12: error: var 'retryLimit' is not concurrency-safe because it is nonisolated global shared mutable state [#MutableGlobalVariable]
    public var retryLimit = 3
               ^
    /x/Ex8_1_GlobalState.swift:18:12: note: convert 'retryLimit' to a 'let' constant to make 'Sendable' shared state immutable
    /x/Ex8_1_GlobalState.swift:21:12: error: var 'appearance' is not concurrency-safe because it is nonisolated global shared mutable state [#MutableGlobalVariable]
    /x/Ex8_3_Conformances.swift:36:44: error: conformance of 'InboxScreen' to protocol 'Badged' crosses into main actor-isolated code and can cause data races [#ConformanceIsolation]
    """

  @Test("Each error is read with its place, its group and the notes that follow it; source lines and carets are not")
  func parsesTheOneLineStyle() {
    let diagnostics = CompilerDiagnostic.parse(Self.swift63)
    #expect(diagnostics.count == 3)
    #expect(diagnostics.first?.line == 18 && diagnostics.first?.column == 12)
    #expect(diagnostics.first?.group == "MutableGlobalVariable")
    #expect(diagnostics.first?.message.hasSuffix("shared mutable state") == true)
    #expect(diagnostics.first?.notes.count == 1)
    #expect(diagnostics.last?.quoted == ["InboxScreen", "Badged"])
  }

  @Test("One sentence per kind of diagnostic, naming every declaration, with the compiler's lines after it")
  func oneSentencePerKind() {
    let sentences = Swift6Build.sentences(
      for: CompilerDiagnostic.parse(Self.swift63), status: 1, output: Self.swift63)
    #expect(sentences.count == 2)
    #expect(sentences[0].contains("`retryLimit` and `appearance`"))
    #expect(sentences[0].hasSuffix("[global-mutable-state]"))
    #expect(sentences[0].contains("[#MutableGlobalVariable]`"))
    #expect(sentences[1].contains("`InboxScreen` to `Badged`"))
    #expect(sentences[1].hasSuffix("[conformance-crosses-isolation]"))
  }

  @Test("A compiler that prints no group is understood by the message's words")
  func wordsWhereNoGroup() {
    let output =
      "/x/A.swift:3:5: error: var 'count' is not concurrency-safe because it is nonisolated global shared mutable state"
    let sentences = Swift6Build.sentences(for: CompilerDiagnostic.parse(output), status: 1, output: output)
    #expect(sentences.count == 1 && sentences[0].hasSuffix("[global-mutable-state]"))
  }

  @Test("A diagnostic the course does not know is shown as written, under a sentence that says so, and never passes")
  func unknownDiagnostic() {
    let output = "/x/A.swift:3:5: error: something new in Swift 7 [#BrandNewGroup]"
    let sentences = Swift6Build.sentences(for: CompilerDiagnostic.parse(output), status: 1, output: output)
    #expect(sentences.count == 1)
    #expect(sentences[0].contains("does not explain yet") && sentences[0].contains("something new in Swift 7"))
    #expect(sentences[0].hasSuffix("[\(AntiPattern.unknownDiagnostic)]"))
    let garbled = Swift6Build.sentences(for: [], status: 1, output: "swiftc: fatal: no such file")
    #expect(garbled.count == 1 && garbled[0].contains("no such file"))
    #expect(Swift6Build.sentences(for: [], status: 0, output: "").isEmpty)
  }

  @Test("The compiler's offer of @preconcurrency after a Sendable error is counted under that error")
  func consequenceFolded() {
    let output = """
      /x/M.swift:32:14: error: stored property 'place' of 'Sendable'-conforming struct 'Article' contains non-Sendable type 'LocationFix'
      /x/M.swift:21:1: error: add '@preconcurrency' to treat 'Sendable'-related errors from module 'VendorSDK' as warnings
      """
    let sentences = Swift6Build.sentences(for: CompilerDiagnostic.parse(output), status: 1, output: output)
    #expect(sentences.count == 1)
    #expect(sentences[0].hasSuffix("[non-sendable-member]") && sentences[0].contains("1 more like it"))
  }

  @Test("Errors in a module's files the learner does not edit are one cause: the learner's declaration they name")
  func leafFirst() {
    let output = """
      /x/FeedScreen.swift:33:28: error: non-Sendable '[Article]'-typed result can not be returned from actor-isolated instance method 'page()' to main actor-isolated context
      /x/FeedScreen.swift:17:17: error: sending 'incoming' risks causing data races [#SendingRisksDataRace]
      """
    let sentences = Swift6Build.sentences(
      for: CompilerDiagnostic.parse(output), status: 1, output: output, learnerFile: "/y/Ex8_7_FeedModels.swift",
      learnerCode: "public final class Article {}")
    #expect(sentences.count == 1)
    #expect(sentences[0].contains("`Article`, declared in your file") && sentences[0].hasSuffix("[leaf-first]"))
  }

  @Test("Escape hatches are read from the code without its comments; an allowed import must be marked")
  func escapeHatches() {
    let strict = Swift6Grading()
    #expect(
      Swift6Build.escapeHatchSentences(in: "// nonisolated(unsafe) is not used\nlet x = 1", grading: strict).isEmpty)
    let unsafe = Swift6Build.escapeHatchSentences(in: "nonisolated (unsafe) var x = 1", grading: strict)
    #expect(unsafe.count == 1 && unsafe[0].hasSuffix("[nonisolated-unsafe]"))
    let unchecked = Swift6Build.escapeHatchSentences(in: "final class B: @unchecked\n  Sendable {}", grading: strict)
    #expect(unchecked.count == 1 && unchecked[0].hasSuffix("[unchecked-sendable]"))
    let vendor = Swift6Grading(allowing: [Swift6Grading.preconcurrencyImport])
    #expect(
      Swift6Build.escapeHatchSentences(in: "// Debt: until 2.0.\n@preconcurrency import VendorSDK", grading: vendor)
        .isEmpty)
    #expect(
      Swift6Build.escapeHatchSentences(in: "@preconcurrency import VendorSDK", grading: vendor).first?.hasSuffix(
        "[unmarked-debt]") == true)
    #expect(
      Swift6Build.escapeHatchSentences(in: "// Debt.\nextension A: @preconcurrency P {}", grading: vendor).first?
        .hasSuffix("[preconcurrency]") == true)
  }

  @Test("The compiler's version is read from `swiftc --version`")
  func version() {
    #expect(Swift6Build.parseVersion("Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64") ?? (0, 0) == (6, 3))
    #expect(
      Swift6Build.parseVersion("Apple Swift version 6.2 (swiftlang-6.2.0.19.9 clang-1700.3.19.1)") ?? (0, 0) == (6, 2))
    #expect(Swift6Build.parseVersion("no version here") == nil)
  }
}
