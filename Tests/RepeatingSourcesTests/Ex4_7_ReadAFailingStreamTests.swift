import CourseKit
import Foundation
import LegacyKit
import Locking
import RepeatingSources
import Testing

@Suite("4.7 Read a stream that can fail: for try await", .exercise("4.7"))
struct Ex4_7_ReadAFailingStreamTests {
  /// The error the scripted chats break with.
  enum ConnectionLost: Error, Equatable { case midChat }

  /// The fold clause of a wrong ending that returning before the stream ended also gives.
  static let returnedEarly = ", which \"transcript(of:) returns only once\" explains"

  /// A chat whose messages are all delivered before anyone reads, then ends as `error` says.
  static func chat(_ messages: [String], throwing error: (any Error)? = nil) -> AsyncThrowingStream<String, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: String.self)
    for message in messages { continuation.yield(message) }
    continuation.finish(throwing: error)
    return stream
  }

  /// `transcript(of:)` over `stream`, under a deadline; `nil` when it never returned (with `sentence` recorded).
  static func read(
    _ stream: AsyncThrowingStream<String, any Error>, ifHung sentence: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ChatTranscript? {
    try await withDeadline("transcript(of:)", ifHung: sentence, sourceLocation: sourceLocation) {
      await transcript(of: stream)
    }
  }

  @Test("transcript(of:) returns only once the stream has ended, with every message, in order")
  func waitsForTheEnd() async throws {
    // The chat holds its messages back until the read has returned, or long enough that a read
    // which waits for the stream is plainly waiting: a read that returns early never sees them.
    let returned = Locked(false)
    let stream = AsyncThrowingStream<String, any Error> { continuation in
      DispatchQueue.global().async {
        let holdUntil = Date() + Deadline.scaled(0.3)
        while !returned.withLock({ $0 }), Date() < holdUntil { Thread.sleep(forTimeInterval: 0.001) }
        for message in ["hi", "how are you?", "bye"] { continuation.yield(message) }
        continuation.finish()
      }
    }
    let reader = Task {
      let result = await transcript(of: stream)
      returned.withLock { $0 = true }
      return result
    }
    guard
      let result = try await withDeadline(
        "transcript(of:) over a chat whose messages come later",
        ifHung:
          "The chat closed, but transcript(of:) never returned: read the stream with `for try await` to its end, and return after the loop. [never-returns]",
        operation: { await reader.value })
    else { return }
    if result.messages.isEmpty {
      Issue.record(
        "transcript(of:) returned before the stream ended, with no message: read the stream in the function itself. A `Task { }` that reads it returns before the first message arrives. [read-in-task]"
      )
      return
    }
    #expect(
      result.messages == ["hi", "how are you?", "bye"],
      "Every message, in order, once: the transcript has \(result.messages), the chat sent [\"hi\", \"how are you?\", \"bye\"]. [lost-messages]"
    )
  }

  @Test("A clean close is .closed, after every message")
  func cleanClose() async throws {
    let sentence =
      "The chat closed, but transcript(of:) never returned: read the stream with `for try await` to its end, and return after the loop. [never-returns]"
    guard let result = try await Self.read(Self.chat(["a", "b"]), ifHung: sentence) else { return }
    switch result.ending {
    case .closed: break
    case .failed(let error):
      Issue.record(
        "A clean close is `.closed`: the stream threw nothing, and the transcript says `.failed(\(error))`\(Self.returnedEarly). [invented-failure]"
      )
    case .cancelled:
      Issue.record(
        "A clean close is `.closed`: nobody cancelled this read, and the transcript says `.cancelled`. Ask `Task.isCancelled` after the loop, not whether it ended\(Self.returnedEarly). [cancel-as-closed]"
      )
    }
    #expect(
      result.messages == ["a", "b"],
      "Every message, in order, once: the transcript has \(result.messages), the chat sent [\"a\", \"b\"]\(Self.returnedEarly). [lost-messages]"
    )
  }

  @Test("An error is .failed with the stream's own error, after the messages before it")
  func failure() async throws {
    let sentence =
      "The chat broke, but transcript(of:) never returned: the loop throws the stream's error; catch it and return `.failed(error)`. [never-returns]"
    guard let result = try await Self.read(Self.chat(["a", "b"], throwing: ConnectionLost.midChat), ifHung: sentence)
    else { return }
    switch result.ending {
    case .failed(let error as ConnectionLost) where error == .midChat:
      #expect(
        result.messages == ["a", "b"],
        result.messages.isEmpty
          ? "The messages before the error stay: a `catch` that returns a new, empty transcript loses them. The chat sent 2 before it broke, and the transcript has none. [catch-drops-messages]"
          : "The messages before the error stay, in order: the transcript has \(result.messages), the chat sent [\"a\", \"b\"] before it broke. [lost-messages]"
      )
    case .failed(let error):
      Issue.record(
        "Report the stream's own error, not one of your own: the chat broke with ConnectionLost.midChat, and the transcript says `.failed(\(error))`. [wrapped-error]"
      )
    case .closed:
      Issue.record(
        "The chat broke, and the transcript says `.closed`: a `for try await` loop inside `try?`, or a `catch` that drops its error, reports a broken stream as a clean close. Catch the error and return `.failed(error)`\(Self.returnedEarly). [try-optional-loop]"
      )
    case .cancelled:
      Issue.record(
        "The chat broke, and nobody cancelled this read, but the transcript says `.cancelled`: an error is `.failed`, with the stream's own error. [wrapped-error]"
      )
    }
  }

  @Test("A cancelled read is .cancelled, with the messages read until then")
  func cancelled() async throws {
    // The chat sends one message, then waits for the next one until its reader is cancelled; the
    // cancel comes only once the reader has asked for that next message.
    let asked = Locked(0)
    let stream = AsyncThrowingStream<String, any Error>(unfolding: {
      let call = asked.withLock { count in
        count += 1
        return count
      }
      if call == 1 { return "hello" }
      await CancelGate.untilCancelled()
      return nil  // a cancel ends the loop quietly, as a socket's stream does
    })
    let reader = Task { await transcript(of: stream) }
    if !(await eventually { asked.withLock { $0 } >= 2 }) {
      Issue.record(
        "transcript(of:) stopped reading after the first message, though the chat had not ended: read it to its end. [lost-messages]"
      )
    }
    reader.cancel()
    guard
      let result = try await withDeadline(
        "transcript(of:) after its task was cancelled",
        ifHung:
          "The read was cancelled, and transcript(of:) never returned: the cancel never reached the loop. Read the stream in the function itself: a cancel of the caller never reaches a loop in a `Task { }`, even an awaited one. [read-in-task] [never-returns]",
        operation: { await reader.value })
    else { return }
    switch result.ending {
    case .cancelled:
      #expect(
        result.messages == ["hello"],
        "The messages read before the cancel stay: the transcript has \(result.messages), the chat sent [\"hello\"]. [lost-messages]"
      )
    case .closed:
      Issue.record(
        "A cancel is not a clean close: the read was cancelled after the first message, and the transcript says `.closed`. The loop ends quietly on a cancel, so ask `Task.isCancelled` after it\(Self.returnedEarly). [cancel-as-closed]"
      )
    case .failed(let error):
      Issue.record(
        "A cancel is not a failure: the read was cancelled, and the transcript says `.failed(\(error))`. The loop ends quietly on a cancel; `Task.isCancelled`, asked after it, says `.cancelled`. [cancel-as-closed]"
      )
    }
  }

  @Test("A stream that fails with CancellationError, in a read nobody cancelled, is .failed with that error")
  func failsWithCancellationError() async throws {
    let sentence =
      "The chat broke, but transcript(of:) never returned: the loop throws the stream's error; catch it and return `.failed(error)`. [never-returns]"
    // The producer's own task was cancelled, and it says so by the error it finishes with: this read was not.
    guard let result = try await Self.read(Self.chat(["a"], throwing: CancellationError()), ifHung: sentence)
    else { return }
    // Only a transcript that reads the error as a cancel is this test's finding; the others are the tests'
    // above (a `.closed` is a loop inside `try?`).
    guard case .cancelled = result.ending else { return }
    Issue.record(
      "The chat's producer failed with `CancellationError`, and nobody cancelled this read, but the transcript says `.cancelled`: only this task's own cancel is `.cancelled` (ask `Task.isCancelled`), and an error the stream throws is `.failed`, whatever its type. [cancel-as-closed]"
    )
  }

}

/// A wait that only a cancel ends: the chat of a read that is cancelled.
enum CancelGate {
  /// Suspends until the current task is cancelled, without polling, so a hang here is a quiet one.
  static func untilCancelled() async {
    let gate = Locked<(cancelled: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let now = gate.withLock { state in
          if !state.cancelled { state.waiter = continuation }
          return state.cancelled
        }
        if now { continuation.resume() }
      }
    } onCancel: {
      gate.withLock { state in
        state.cancelled = true
        return state.waiter.take()
      }?.resume()
    }
  }
}
