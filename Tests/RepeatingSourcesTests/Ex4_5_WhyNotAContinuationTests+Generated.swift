import CourseKit
import LegacyKit
import Locking
import RepeatingSources
import RepeatingSourcesReference
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex4_5_WhyNotAContinuationTests {
  // In a child process, as the suite's other checks: the shipped code traps on the socket's second message.
  @Test(
    "On sockets of every kind (no message, repeats, empty messages, a clean close, each of the socket's errors, its cancel too), the chat reads what the reference's does, and its loop ends, proved in a child process"
  )
  func generatedSessions() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 30) {
          // A chat that misses messages of a socket that closes cleanly is the targeted tests' finding,
          // said there with its cause: this test speaks only of what they leave out.
          let control = LegacySocket.Plan(messages: ["hi", "there"])
          let (mine, reference) = (
            await Ex4_5_WhyNotAContinuationTests.readLate(control, holdingThePool: true) {
              RepeatingSources.liveMessages(from: $0)
            },
            await Ex4_5_WhyNotAContinuationTests.readLate(control, holdingThePool: true) {
              RepeatingSourcesReference.liveMessages(from: $0)
            }
          )
          guard Ex4_5_WhyNotAContinuationTests.difference(control, mine, reference) == nil else { return }
          let failure = await Generated.check(
            Gen.socketSession, trials: 40, describe: Ex4_5_WhyNotAContinuationTests.said
          ) { plan in
            let mine = await Ex4_5_WhyNotAContinuationTests.readLate(plan) { RepeatingSources.liveMessages(from: $0) }
            let reference = await Ex4_5_WhyNotAContinuationTests.readLate(plan) {
              RepeatingSourcesReference.liveMessages(from: $0)
            }
            return Ex4_5_WhyNotAContinuationTests.difference(plan, mine, reference)
          }
          if let failure { throw failure.probeFailure }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "liveMessages(from:) on sockets of every kind",
      ifHung:
        "On one of the sockets drawn, the chat's loop never ended: the stream ends when the socket closes, however it closes, so finish it from `onClose`, which \"Every message arrives, in order, and the stream ends\" explains. [didresume-flag]"
    )
  }

  /// A socket's plan in words.
  static func said(_ plan: LegacySocket.Plan) -> String {
    "a socket that sends \(Said.messages(plan.messages)), then \(plan.closeError.map { "breaks with \(Said.error($0))" } ?? "closes cleanly")"
  }

  /// How what the learner's chat read (`mine`) differs from the reference's, in a sentence; `nil` when it does not.
  static func difference(
    _ plan: LegacySocket.Plan, _ mine: (messages: [String], ended: Bool, connects: Int),
    _ reference: (messages: [String], ended: Bool, connects: Int)
  ) -> String? {
    // A socket connected later, from a `Task`, may send and close before it is heard: that is the cause.
    if mine.connects != reference.connects {
      return
        "When liveMessages(from:) returned, the socket had been connected \(mine.connects) times: connect in the builder itself, once, so that nothing the socket sends, its close included, comes before the stream hears it, which \"The socket is connected once, when the stream is created\" explains. [continuation-per-message]"
    }
    let closed = plan.closeError.map { "broke with \(Said.error($0))" } ?? "closed cleanly"
    if mine.messages != reference.messages {
      return
        "The socket sent \(Said.messages(plan.messages)) and \(closed), and the chat showed \(Said.messages(mine.messages)): every message arrives, in order, repeats and empty ones too (\(Said.messages(reference.messages))): yield from `onMessage`, directly, with no continuation and no `Task` between the socket and the stream, which \"Every message arrives, in order\" explains. [didresume-flag] [continuation-per-message]"
    }
    if mine.ended != reference.ended {
      return
        "The socket sent \(Said.messages(plan.messages)) and \(closed), and the chat's loop \(mine.ended ? "ended" : "never ended"): the stream ends when the socket closes, however it closes, with an error too, so finish it from `onClose`, whatever it is called with, which \"Every message arrives, in order, and the stream ends\" explains. [didresume-flag]"
    }
    return nil
  }

  /// The messages a consumer reads from the stream `make` builds over a fresh socket that follows
  /// `plan`, reading only once the socket has sent everything and closed, and whether its loop ended.
  static func readLate(
    _ plan: LegacySocket.Plan, holdingThePool: Bool = false,
    _ make: @escaping @Sendable (LegacySocket) -> AsyncStream<String>
  ) async -> (messages: [String], ended: Bool, connects: Int) {
    let socket = LegacySocket(plan: plan)
    // Counted while no task can run, a `Task` that would connect has not yet, on any machine. Holding
    // the pool takes a few tenths of a second: the control holds it, and finds a late connect before
    // the scenarios are drawn.
    let (stream, connects) =
      holdingThePool
      ? await withCooperativePoolHeld { (make(socket), socket.connects) } : (make(socket), socket.connects)
    // In the child only this socket delivers: once nothing is in flight, its close has been handed over.
    _ = await eventually { Deliveries.inFlight == 0 }
    let read = Locked<(messages: [String], ended: Bool)>(([], false))
    // Every message, and the close, came before the reader started: once it is parked in `next()`, or
    // done, it has read all there is, so what it read does not depend on how busy the machine is.
    // A task does not keep its executor alive, and a cancelled reader still runs a job on it.
    let watch = Unmanaged.passRetained(SuspensionWatch()).takeUnretainedValue()
    let reader = Task(executorPreference: watch) {
      for await message in stream { read.withLock { $0.messages.append(message) } }
      read.withLock { $0.ended = true }
    }
    _ = await watch.parked()
    defer { reader.cancel() }
    let (messages, ended) = read.withLock { $0 }
    return (messages, ended, connects)
  }
}
