// Wrong answer to exercise 7.4 · no-deadline
// Mistake: "The socket is scripted to close after three messages, so the loop ends on its own; wrapping it in a
//   deadline only adds noise."
// Anti-pattern: no-deadline
// Failure says: Your tests hang against a stream that never finishes when the socket closes

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
    var received: [String] = []
    for try await message in messages(from: socket) { received.append(message) }
    #expect(received == scripted)
  }

  @Test("Messages that arrive before anyone reads are all kept")
  func slowConsumer() async throws {
    let socket = LegacySocket(plan: .init(messages: scripted))
    let stream = messages(from: socket)
    #expect(await eventually { !socket.isOpen })
    var received: [String] = []
    for try await message in stream { received.append(message) }
    #expect(received == scripted)
  }

  @Test("A socket that breaks ends the loop with its error, after every message")
  func failure() async {
    let socket = LegacySocket(plan: .init(messages: scripted, closeError: .offline))
    var received: [String] = []
    var thrown: LegacyError?
    do {
      for try await message in messages(from: socket) { received.append(message) }
    } catch {
      thrown = error as? LegacyError
    }
    #expect(received == scripted)
    #expect(thrown == .offline)
  }

  @Test("A consumer that stops disconnects the socket")
  func consumerStops() async throws {
    let socket = LegacySocket(plan: .init(messages: scripted, closes: false))
    var first: String?
    for try await message in messages(from: socket) {
      first = message
      break
    }
    #expect(first == scripted.first)
    #expect(await eventually { !socket.isOpen })
  }
}
