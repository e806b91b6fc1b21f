import Foundation
import Testing

@testable import course

/// Each `course demo` really does the wrong thing it is named for, and the runtime reacts as the explanation says.
@Suite("course demo: each bug happens for real")
struct DemoTests {
  @Test("double-resume traps with the runtime's misuse message")
  func doubleResumeTraps() async {
    let child = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent, \.standardOutputContent])
    {
      await DemoScenarios.doubleResume()
    }
    let output = child.map { String(decoding: $0.standardErrorContent + $0.standardOutputContent, as: UTF8.self) } ?? ""
    #expect(output.contains("tried to resume its continuation more than once"))
  }

  @Test("leaked-continuation prints the runtime's leak warning; unsafe-silence prints nothing of the kind")
  func leakWarnsUnsafeIsSilent() async {
    let leaked = await #expect(
      processExitsWith: .success, observing: [\.standardErrorContent, \.standardOutputContent]
    ) {
      await DemoScenarios.leakedContinuation()
    }
    let leakedOutput =
      leaked.map { String(decoding: $0.standardErrorContent + $0.standardOutputContent, as: UTF8.self) } ?? ""
    #expect(leakedOutput.contains("leaked its continuation"))
    let unsafe = await #expect(
      processExitsWith: .success, observing: [\.standardErrorContent, \.standardOutputContent]
    ) {
      await DemoScenarios.unsafeSilence()
    }
    let unsafeOutput =
      unsafe.map { String(decoding: $0.standardErrorContent + $0.standardOutputContent, as: UTF8.self) } ?? ""
    #expect(!unsafeOutput.contains("CONTINUATION MISUSE") && unsafeOutput.contains("the runtime said nothing"))
  }

  @Test("stream-never-finishes leaves its loop waiting after the last value")
  func streamWaits() async {
    let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
      await DemoScenarios.streamNeverFinishes()
    }
    let output = child.map { String(decoding: $0.standardOutputContent, as: UTF8.self) } ?? ""
    #expect(output.contains("progress 100%") && !output.contains("the loop ended"))
  }

  @Test("Every demo has a name, a title and an explanation; the projector output stops at the fatal message")
  func demosDescribeThemselves() {
    #expect(Set(Demo.all.map(\.name)).count == Demo.all.count)
    #expect(Demo.all.allSatisfy { !$0.title.isEmpty && $0.explanation.count > 100 })
    #expect(DemoCommand.shown("a\nFatal error: boom\nbacktrace").count == 3)
  }
}
