// Wrong answer to exercise 7.4 · threw-at-all
// Mistake: "A broken socket must end the loop with a throw instead of a clean end; which error comes out
//   is the socket's business, so the test checks that the loop threw."
// Anti-pattern: threw-at-all
// Failure says: Your tests pass a stream that throws an error of its own when the socket breaks

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

  @Test("A socket that breaks ends the loop with its error, after every message")
  func failure() async throws {
    let socket = LegacySocket(plan: .init(messages: scripted, closeError: .offline))
    let (received, threw) = try await withDeadline("the loop over messages(from:)") {
      var received: [String] = []
      do {
        for try await message in messages(from: socket) { received.append(message) }
        return (received, false)
      } catch {
        return (received, true)
      }
    }
    #expect(received == scripted)
    #expect(threw)
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
