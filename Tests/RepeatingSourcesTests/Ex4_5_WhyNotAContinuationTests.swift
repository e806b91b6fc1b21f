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
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run {
          var received: [String] = []
          for await message in liveMessages(from: LegacySocket(plan: .init(messages: ["hi", "there", "you"]))) {
            received.append(message)
          }
          if received != ["hi", "there", "you"] {
            throw ResumeProbe.ProbeFailure(
              "the chat showed \(received), not every message: a continuation delivers one value, and a `Task` per message may run after the close: yield from `onMessage`, directly, each message into the stream [didresume-flag] [continuation-per-message]"
            )
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child,
      "liveMessages(from:) (a continuation resumes once, and the socket calls back once per message: use the stream's continuation)",
      ifHung:
        "The socket closed, but the chat's loop never ended: the stream ends when the socket closes, so finish it from `onClose`. [didresume-flag]"
    )
  }

  @Test("A burst of messages with no gap arrives whole and in order, proved in a child process")
  func burst() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run {
          // No gap between messages, and the whole burst and the close are delivered while the pool
          // is held: a message handed to a
          // `Task` is still waiting to be yielded when the close comes.
          let sent = (1...100).map { "message \($0)" }
          let stream = await withCooperativePoolHeld {
            let stream = liveMessages(from: LegacySocket(plan: .init(messages: sent, interval: 0)))
            Deliveries.waitUntilQuiet(timeout: 5)  // in the child, only this socket delivers
            return stream
          }
          var received: [String] = []
          for await message in stream { received.append(message) }
          if received != sent {
            let inOrder = received == sent.filter(received.contains)
            if received.count == 1 {
              // Only the first: what a continuation delivers, for it resumes once; or a `Task` per message.
              throw ResumeProbe.ProbeFailure(
                "of a burst of 100 messages the chat showed \(received.count), \(inOrder ? "in order" : "out of order"): no `Task` inside the stream's builder, yield from `onMessage`, directly; a `Task` per message runs whenever the pool gets to it, out of order, and after the close has finished the stream; or, as only the first arrived, a continuation delivered it, and a continuation delivers one value: yield each message into the stream [continuation-per-message] [didresume-flag]"
              )
            }
            throw ResumeProbe.ProbeFailure(
              "of a burst of 100 messages the chat showed \(received.count), \(inOrder ? "in order" : "out of order"): no `Task` inside the stream's builder, yield from `onMessage`, directly; a `Task` per message runs whenever the pool gets to it, out of order, and after the close has finished the stream [continuation-per-message]"
            )
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "liveMessages(from:) given a burst of messages",
      ifHung:
        "The socket closed after a burst of messages, but the chat's loop never ended: finish the stream from `onClose`. [didresume-flag]"
    )
  }

  @Test("The socket is connected once, when the stream is created, proved in a child process")
  func connectsWhenCreated() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run {
          // A message on its way keeps a continuation that is waiting for it from leaking before the verdict.
          let socket = LegacySocket(plan: .init(messages: ["hi"], closes: false, interval: 0.05))
          // With the pool held, a `Task` that would connect later cannot have run yet.
          let connects = await withCooperativePoolHeld {
            let stream = liveMessages(from: socket)
            defer { _ = stream }
            return socket.connects
          }
          if connects != 1 {
            throw ResumeProbe.ProbeFailure(
              "when it returned, the socket had been connected \(connects) times: no `withCheckedContinuation` and no `Task` inside the stream's builder; connect in the builder itself, once [continuation-per-message]"
            )
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "liveMessages(from:)")
  }

  @Test("A consumer that stops early disconnects the socket, proved in a child process")
  func earlyStopDisconnects() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        // The scenario's own deadline is longer than the wait for the disconnect inside it, so a socket
        // left connected is reported as that, not as a scenario that never finished.
        await ResumeProbe.run(within: 3 * Deadline.standard) {
          let socket = LegacySocket(plan: .init(messages: ["a", "b", "c"], closes: false, interval: 0.01))
          for await _ in liveMessages(from: socket) { break }
          if await !eventually(within: Deadline.standard, { !socket.isOpen }) {
            throw ResumeProbe.ProbeFailure(
              "the consumer left, but the socket stayed connected: a consumer that stops early disconnects the socket, from `onTermination` [no-disconnect]"
            )
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "liveMessages(from:) when the consumer stops early",
      ifHung:
        "No message reached the chat's loop, so it never got to stop: yield each message from `onMessage`. [didresume-flag]"
    )
  }
}
