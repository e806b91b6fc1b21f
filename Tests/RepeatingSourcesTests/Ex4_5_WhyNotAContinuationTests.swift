import CourseKit
import Foundation
import LegacyKit
import RepeatingSources
import Testing

@Suite("4.5 Why not a continuation", .exercise("4.5"))
struct Ex4_5_WhyNotAContinuationTests {
  // The shipped code traps on the socket's second message, so every check that runs it is done in a
  // child process: a trap there is reported, here, as this exercise's failure.

  @Test("Every message arrives, in order, and the stream ends when the socket closes, proved in a child process")
  func everyMessage() async {
    let child = await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
      await ResumeProbe.run {
        var received: [String] = []
        for await message in liveMessages(from: LegacySocket(plan: .init(messages: ["hi", "there", "you"]))) {
          received.append(message)
        }
        if received != ["hi", "there", "you"] {
          throw ResumeProbe.ProbeFailure(
            "the chat showed \(received), not every message: a continuation delivers one value; yield each message into the stream"
          )
        }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child,
      "liveMessages(from:) (a continuation resumes once, and the socket calls back once per message: use the stream's continuation)"
    )
  }

  @Test("A consumer that stops early disconnects the socket, proved in a child process")
  func earlyStopDisconnects() async {
    let child = await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
      await ResumeProbe.run {
        let socket = LegacySocket(plan: .init(messages: ["a", "b", "c"], closes: false, interval: 0.01))
        for await _ in liveMessages(from: socket) { break }
        _ = await eventually { !socket.isOpen }
        if socket.isOpen {
          throw ResumeProbe.ProbeFailure(
            "the consumer left, but the socket stayed connected: disconnect in onTermination")
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "liveMessages(from:) when the consumer stops early")
  }
}
