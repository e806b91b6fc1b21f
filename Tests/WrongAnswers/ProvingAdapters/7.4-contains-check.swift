// Wrong answer to exercise 7.4 · contains-check
// Mistake: "When the socket breaks, what matters is that no message was lost: I check each scripted one is among what
//   arrived, and let the loop end however it ends."
// Anti-pattern: contains-check
// Failure says: Your tests pass a stream that turns the socket's error into one more message

import LegacyKit
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.4 A stream, start to end, and a consumer that stops")
struct Ex7_4_StreamTests {
  let scripted = ["hello", "from", "the socket"]

  @Test("Every message, in order, and then the end")
  func everyMessageThenTheEnd() async throws {
    let socket = LegacySocket(plan: .init(messages: scripted))
    // Under a deadline: a stream that never finishes would otherwise hang the loop, and the run.
    let received = try await withDeadline("the loop over messages(from:)") {
      var received: [String] = []
      for try await message in messages(from: socket) { received.append(message) }
      return received
    }
    #expect(received == scripted)
  }

  @Test("Messages that arrive before anyone reads are all kept")
  func slowConsumer() async throws {
    let socket = LegacySocket(plan: .init(messages: scripted))
    let stream = messages(from: socket)
    // The socket delivers everything and closes before the first read: the stream must have buffered it all.
    #expect(await eventually { !socket.isOpen })
    let received = try await withDeadline("the loop over messages(from:)") {
      var received: [String] = []
      for try await message in stream { received.append(message) }
      return received
    }
    #expect(received == scripted)
  }

  @Test("A socket that breaks still delivers every message")
  func failure() async throws {
    let socket = LegacySocket(plan: .init(messages: scripted, closeError: .offline))
    let received = try await withDeadline("the loop over messages(from:)") {
      var received: [String] = []
      do {
        for try await message in messages(from: socket) { received.append(message) }
      } catch {
        // The socket broke: the loop has ended, which is all a broken socket can do.
      }
      return received
    }
    #expect(scripted.allSatisfy { received.contains($0) })
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
