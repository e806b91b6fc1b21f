// Wrong answer to exercise 7.4 · sorted-compare
// Mistake: "The socket calls back on its own queue, so only the first message's place is certain":
//   every test compares the messages sorted, and the stop test checks the first one.
// Anti-pattern: order-unchecked
// Failure says: Your tests pass a stream that delivers the socket's second and third messages the other way round

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
    // The socket calls back on a queue of its own: compare what arrived, not the timing of it.
    #expect(received.sorted() == scripted.sorted())
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
    #expect(received.sorted() == scripted.sorted())
  }

  @Test("A socket that breaks ends the loop with its error, after every message")
  func failure() async throws {
    let socket = LegacySocket(plan: .init(messages: scripted, closeError: .offline))
    let (received, error) = try await withDeadline("the loop over messages(from:)") {
      var received: [String] = []
      do {
        for try await message in messages(from: socket) { received.append(message) }
        return (received, nil as LegacyError?)
      } catch {
        return (received, error as? LegacyError)
      }
    }
    #expect(received.sorted() == scripted.sorted())
    #expect(error == .offline)
  }

  @Test("A consumer that leaves the loop disconnects the socket")
  func consumerLeaves() async throws {
    let socket = LegacySocket(plan: .init(messages: scripted, closes: false))  // a live feed: it never closes
    let first = try await withDeadline("the first message") { () -> String? in
      // Returning from inside the loop ends it: the stream is cancelled, and its onTermination runs.
      for try await message in messages(from: socket) { return message }
      return nil
    }
    #expect(first == scripted.first)
    #expect(await eventually { !socket.isOpen })
  }

  @Test("A consumer whose task is cancelled disconnects the socket")
  func consumerCancelled() async throws {
    let socket = LegacySocket(plan: .init(messages: scripted, closes: false))  // a live feed: it never closes
    let reader = Task {
      for try await _ in messages(from: socket) {}
    }
    #expect(await eventually { socket.isOpen })
    reader.cancel()
    #expect(await eventually { !socket.isOpen })
  }
}
