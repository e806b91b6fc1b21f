import CourseKit
import LegacyKit
import RepeatingSources
import Testing

@Suite("4.3 A source that can fail: AsyncThrowingStream", .exercise("4.3"))
struct Ex4_3_FailingStreamTests {
  /// The messages received, and the error that ended the stream, if any.
  func consume(_ socket: LegacySocket, upTo limit: Int = .max) async throws -> ([String], (any Error)?) {
    try await withDeadline("the for-try-await loop over messages(from:)") {
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
    let (received, error) = try await consume(LegacySocket(plan: .init(messages: ["a", "b", "c"])))
    #expect(received == ["a", "b", "c"])
    #expect(error == nil, "A clean close ends the stream without an error.")
  }

  @Test("An error mid-stream: the messages before it arrive, then the error is thrown, and nothing after")
  func errorEndsTheStream() async throws {
    let socket = LegacySocket(plan: .init(messages: ["a", "b"], closeError: .offline))
    let (received, error) = try await consume(socket)
    #expect(received == ["a", "b"], "Every message before the error must arrive.")
    #expect(
      error as? LegacyError == .offline,
      "The socket broke, but the stream ended silently: `finish(throwing: error)` hands the error to the consumer.")
  }

  @Test("A consumer that stops early disconnects the socket")
  func earlyStopDisconnects() async throws {
    let socket = LegacySocket(plan: .init(messages: ["a", "b", "c", "d"], closes: false))
    _ = try await consume(socket, upTo: 1)
    _ = await eventually { !socket.isOpen }
    #expect(!socket.isOpen, "The consumer left, but the socket is still connected: disconnect in `onTermination`.")
  }
}
