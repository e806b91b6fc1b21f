import CourseKit
import LegacyKit
import RepeatingSources
import Testing

@Suite("4.3 A source that can fail: AsyncThrowingStream", .exercise("4.3"))
struct Ex4_3_FailingStreamTests {
  /// The messages received, and the error that ended the stream, if any; `nil` when the loop hung (with `sentence` recorded).
  func consume(
    _ socket: LegacySocket, upTo limit: Int = .max, ifHung sentence: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ([String], (any Error)?)? {
    try await withDeadline(
      "the for-try-await loop over messages(from:)", ifHung: sentence, sourceLocation: sourceLocation
    ) {
      var received: [String] = []
      do {
        for try await message in messages(from: socket) {
          received.append(message)
          if received.count == limit { break }
        }
        return (received, nil)
      } catch {
        return (received, error)
      }
    }
  }

  @Test("A clean close ends the stream after every message")
  func cleanClose() async throws {
    let socket = LegacySocket(plan: .init(messages: ["a", "b", "c"]))
    let sentence =
      "The socket closed cleanly, but the stream never ended: finish it when the socket closes, with `finish(throwing: error)`, which ends cleanly when the error is nil. [invented-error]"
    guard let (received, error) = try await consume(socket, ifHung: sentence) else { return }
    #expect(
      received == ["a", "b", "c"],
      "Every message must arrive, in order: the consumer read \(received), which \"Messages that arrive before the consumer reads\" explains. [newest-only]"
    )
    #expect(
      error == nil,
      "A clean close ends the stream without an error; do not invent one: the consumer caught \(error.map { "\($0)" } ?? ""). [invented-error]"
    )
  }

  @Test("An error mid-stream: the messages before it arrive, then the error is thrown, and nothing after")
  func errorEndsTheStream() async throws {
    let socket = LegacySocket(plan: .init(messages: ["a", "b"], closeError: .offline))
    let sentence =
      "The socket broke, but the stream never ended: on an error, `finish(throwing: error)` ends the stream and throws the error to the consumer, after the messages before it. [plain-finish]"
    guard let (received, error) = try await consume(socket, ifHung: sentence) else { return }
    #expect(
      received == ["a", "b"],
      "Every message before the error must arrive, and nothing else: the consumer read \(received), which \"Messages that arrive before the consumer reads\" explains. [newest-only]"
    )
    if error == nil {
      Issue.record(
        "The socket broke, but the stream ended silently: `finish(throwing: error)` hands the error to the consumer, who otherwise reports \"done\" when it should report \"broken\". [plain-finish]"
      )
    } else if error as? LegacyError != .offline {
      Issue.record(
        "Throw the socket's own error: the consumer caught \(error.map { "\($0)" } ?? ""), not LegacyError.offline. [other-error]"
      )
    }
  }

  @Test("Messages that arrive before the consumer reads are all kept, then the error")
  func lateReader() async throws {
    let socket = LegacySocket(plan: .init(messages: ["a", "b", "c"], closeError: .offline))
    let stream = messages(from: socket)
    // The socket delivers every message and breaks before the first read: the stream must hold them all.
    // A socket never connected is not open either: it must have connected, and closed again.
    guard await eventually({ socket.connects > 0 && !socket.isOpen }) else {
      Issue.record(
        socket.connects == 0
          ? "The stream was made, and nobody read it yet, and the socket was never connected: connect it once, when the stream is made, not when the consumer starts to read. [late-connect]"
          : "The socket never closed: connect it once, when the stream is made. [late-connect]")
      return
    }
    let sentence =
      "The socket broke before anyone read, and the stream never ended: finish it with the error. [plain-finish]"
    guard
      let (received, error) = try await withDeadline(
        "the for-try-await loop over a stream read late", ifHung: sentence,
        operation: { () async -> ([String], LegacyError?) in
          var received: [String] = []
          do {
            for try await message in stream { received.append(message) }
            return (received, nil)
          } catch {
            return (received, error as? LegacyError)
          }
        })
    else { return }
    if received.isEmpty {
      // None of them: messages never yielded (or a buffer that keeps none), not a buffer too small.
      Issue.record(
        "The socket delivered 3 messages and broke, and the consumer read none of them: yield each message the socket delivers, when it delivers it, into a buffer that keeps it until it is read (the default, `.unbounded`). [no-yield] [newest-only]"
      )
      return
    }
    #expect(
      received == ["a", "b", "c"],
      "Every message must arrive, even to a consumer that reads after the socket has broken: the stream handed over \(received). Keep the default buffer (`.unbounded`): a smaller one drops what nobody has read yet. [newest-only]"
    )
    #expect(
      error == .offline,
      "After the messages, the socket's error must be thrown: got \(String(describing: error)). [plain-finish] [other-error]"
    )
  }

  @Test("A consumer that stops early disconnects the socket")
  func earlyStopDisconnects() async throws {
    let socket = LegacySocket(plan: .init(messages: ["a", "b", "c", "d"], closes: false))
    let sentence = "No message reached the consumer: yield each message the socket delivers. [no-yield]"
    guard try await consume(socket, upTo: 1, ifHung: sentence) != nil else { return }
    let disconnected = await eventually { !socket.isOpen }
    #expect(
      disconnected,
      "The consumer left, but the socket is still connected: disconnect in `onTermination`, which runs when the consumer breaks out and lets the stream go. [no-disconnect]"
    )
  }
}
