// Wrong answer to exercise 7.4 · cancels-task
// Mistake: "A consumer stops when its screen goes away, and that cancels its task: the test cancels
//   the task that reads the stream."
// Anti-pattern: cancel-only
// Failure says: Your tests pass a stream that disconnects when its consumer's task is cancelled

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
    let (received, error) = try await withDeadline("the loop over messages(from:)") {
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
    let consumer = Task {
      for try await _ in messages(from: socket) {}
    }
    // The screen goes away mid-feed: its task is cancelled, and the stream with it.
    #expect(await eventually { socket.connects == 1 })
    consumer.cancel()
    #expect(await eventually { !socket.isOpen })
  }

}
