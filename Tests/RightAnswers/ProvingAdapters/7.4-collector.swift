// Right answer to exercise 7.4 · collector
// Style: a collector drains the stream under a deadline into `(messages, ending)`, compared whole with the script.

import LegacyKit
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.4 A stream, start to end, and a consumer that stops")
struct Ex7_4_StreamTests {
  /// How a read of the stream ended.
  enum Ending: Equatable, Sendable {
    /// The loop ended by itself: the stream finished.
    case finished
    /// The loop threw this socket error.
    case threw(LegacyError)
    /// The loop threw an error that is not a `LegacyError`, described.
    case threwSomethingElse(String)
    /// The consumer left the loop after the number of messages it wanted.
    case leftTheLoop
  }

  typealias Drained = (messages: [String], ending: Ending)

  static let scripted = ["first", "second", "third", "fourth"]

  /// Reads `stream` under a deadline, to its end or until `limit` messages have come, and says how it ended.
  static func drain(
    _ stream: AsyncThrowingStream<String, any Error>, stoppingAfter limit: Int = .max, _ what: String
  ) async throws -> Drained {
    try await withDeadline("reading messages(from:): \(what)") {
      var messages: [String] = []
      do {
        for try await message in stream {
          messages.append(message)
          if messages.count == limit { return (messages, .leftTheLoop) }
        }
        return (messages, .finished)
      } catch let error as LegacyError {
        return (messages, .threw(error))
      } catch {
        return (messages, .threwSomethingElse("\(error)"))
      }
    }
  }

  @Test("Every message arrives, in order and nothing else, and then the stream ends")
  func everyMessageThenTheEnd() async throws {
    let socket = LegacySocket(plan: .init(messages: Self.scripted))
    let drained = try await Self.drain(messages(from: socket), "a socket that closes cleanly")
    #expect(drained == (Self.scripted, .finished))
  }

  @Test(
    "A socket that breaks ends the loop by throwing its error, after every message",
    arguments: [LegacyError.offline, .server(status: 502)])
  func brokenSocket(error: LegacyError) async throws {
    let socket = LegacySocket(plan: .init(messages: Self.scripted, closeError: error))
    let drained = try await Self.drain(messages(from: socket), "a socket that breaks")
    #expect(drained == (Self.scripted, .threw(error)))
  }

  @Test(
    "Messages that arrive before anyone reads are all kept, and so is how the socket closed",
    arguments: [nil, LegacyError.unauthorized])
  func lateReader(closeError: LegacyError?) async throws {
    let socket = LegacySocket(plan: .init(messages: Self.scripted, closeError: closeError))
    let stream = messages(from: socket)
    // Nobody reads until the socket has delivered every message and closed.
    #expect(await eventually { socket.connects == 1 && !socket.isOpen })
    let drained = try await Self.drain(stream, "a late reader")
    #expect(drained == (Self.scripted, closeError.map(Ending.threw) ?? .finished))
  }

  @Test("A consumer that leaves the loop disconnects a live socket that never closes", arguments: [1, 3])
  func consumerLeavesTheLoop(after count: Int) async throws {
    let socket = LegacySocket(plan: .init(messages: Self.scripted, closes: false))
    let drained = try await Self.drain(messages(from: socket), stoppingAfter: count, "a consumer that leaves")
    #expect(drained == (Array(Self.scripted.prefix(count)), .leftTheLoop))
    #expect(await eventually { !socket.isOpen })
  }

  @Test("A consumer whose task is cancelled disconnects a live socket that never closes")
  func consumerCancelled() async throws {
    let socket = LegacySocket(plan: .init(messages: Self.scripted, closes: false))
    let stream = messages(from: socket)
    let inbox = Inbox()
    let reader = Task {
      for try await message in stream { await inbox.add(message) }
    }
    #expect(await eventually { await inbox.count >= 1 })
    #expect(socket.isOpen)
    reader.cancel()
    #expect(await eventually { !socket.isOpen })
    // A cancelled loop over an AsyncThrowingStream ends; await it, so that it cannot outlive the test.
    _ = try await withDeadline("the cancelled reader") { try await reader.value }
  }
}

/// What a reader in another task has received so far.
private actor Inbox {
  private(set) var count = 0

  func add(_ message: String) { count += 1 }
}
