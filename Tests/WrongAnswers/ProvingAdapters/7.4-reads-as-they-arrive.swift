// Wrong answer to exercise 7.4 · reads-as-they-arrive
// Mistake: "A stream is read as it comes: the loop starts right away and takes each message as the socket sends it;
//   a test that waits for the socket to close before reading tests a consumer no app has."
// Anti-pattern: reads-as-they-arrive
// Failure says: Your tests pass a stream that keeps only the newest message when its consumer is slower than the socket

import LegacyKit
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.4 A stream, start to end, and a consumer that stops")
struct Ex7_4_StreamTests {
  let scripted = ["hello", "from", "the socket"]
  /// The gap between a socket's events: as slow as a real one, so the loop reads each message as it comes,
  /// even on a busy machine.
  let interval = 0.25

  @Test("Every message, in order, and then the end")
  func everyMessageThenTheEnd() async throws {
    let socket = LegacySocket(plan: .init(messages: scripted, interval: interval))
    // Under a deadline: a stream that never finishes would otherwise hang the loop, and the run.
    let received = try await withDeadline(seconds: 5, "the loop over messages(from:)") {
      var received: [String] = []
      for try await message in messages(from: socket) { received.append(message) }
      return received
    }
    #expect(received == scripted)
  }

  @Test("A socket that breaks ends the loop with its error, after every message")
  func failure() async throws {
    let socket = LegacySocket(plan: .init(messages: scripted, closeError: .offline, interval: interval))
    let (received, error) = try await withDeadline(seconds: 5, "the loop over messages(from:)") {
      var received: [String] = []
      do {
        for try await message in messages(from: socket) { received.append(message) }
        return (received, nil as LegacyError?)
      } catch {
        return (received, error as? LegacyError)
      }
    }
    #expect(received == scripted)
    #expect(error == .offline)
  }

  @Test("A consumer that stops disconnects the socket")
  func consumerStops() async throws {
    let socket = LegacySocket(plan: .init(messages: scripted, closes: false))  // a live feed: it never closes
    let first = try await withDeadline("the first message") { () -> String? in
      // Returning from inside the loop ends it: the stream is cancelled, and its onTermination runs.
      for try await message in messages(from: socket) { return message }
      return nil
    }
    #expect(first == scripted.first)
    #expect(await eventually { !socket.isOpen })
  }
}
