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

  @Test(
    "reentrant-cache downloads twice with the textbook actor and once with the shared task, on every run",
    arguments: 1...5)
  func cacheDownloadsTwiceThenOnce(run: Int) async {
    let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
      await DemoScenarios.reentrantCache()
    }
    let output = child.map { String(decoding: $0.standardOutputContent, as: UTF8.self) } ?? ""
    let counts = output.split(separator: "\n").compactMap { line -> Int? in
      guard let range = line.range(of: "Downloads started: ") else { return nil }
      return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
    #expect(counts == [2, 1], "run \(run): \(output)")
  }

  @Test("reordered-batches shows batches overtaking each other, on every run", arguments: 1...10)
  func batchesOvertake(run: Int) async {
    let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
      await DemoScenarios.reorderedBatches()
    }
    let output = child.map { String(decoding: $0.standardOutputContent, as: UTF8.self) } ?? ""
    // The second count is the swapped run's: the language's freedom, used, must show every time.
    let counts = output.split(separator: "\n").compactMap { line -> Int? in
      guard let range = line.range(of: "Received all 1,000; ") else { return nil }
      let rest = line[range.upperBound...]
      return rest.hasPrefix("once") ? 1 : Int(rest.prefix { $0.isNumber })
    }
    #expect(counts.count == 2 && counts[1] > 100, "run \(run): \(output)")
  }

  @Test("Every demo has a name, a title and an explanation; the projector output stops at the fatal message")
  func demosDescribeThemselves() {
    #expect(Set(Demo.all.map(\.name)).count == Demo.all.count)
    #expect(Demo.all.allSatisfy { !$0.title.isEmpty && $0.explanation.count > 100 })
    #expect(DemoCommand.shown("a\nFatal error: boom\nbacktrace").count == 3)
  }
}
