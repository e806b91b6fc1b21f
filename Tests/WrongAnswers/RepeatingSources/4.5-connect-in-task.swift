// Wrong answer to exercise 4.5 · connect-in-task
// Mistake: "The original connected from a Task; keep that, and just yield each message from it
//   instead of resuming a continuation."
// Anti-pattern: continuation-per-message
// Failure says: connect in the builder itself, once

import LegacyKit

/// The chat's messages as they arrive, until the socket closes.
public func liveMessages(from socket: LegacySocket) -> AsyncStream<String> {
  AsyncStream { stream in
    Task {
      socket.connect(onMessage: { stream.yield($0) }, onClose: { _ in stream.finish() })
    }
    stream.onTermination = { _ in socket.disconnect() }
  }
}
