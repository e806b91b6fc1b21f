// Wrong answer to exercise 4.5 · task-per-message
// Mistake: "The socket calls back on its own queue; hop into the async world with a Task for each
//   message, then yield."
// Anti-pattern: continuation-per-message
// Failure says: yield from `onMessage`, directly

import LegacyKit

/// The chat's messages as they arrive, until the socket closes.
public func liveMessages(from socket: LegacySocket) -> AsyncStream<String> {
  AsyncStream { continuation in
    socket.connect(
      onMessage: { message in Task { continuation.yield(message) } },
      onClose: { _ in continuation.finish() })
    continuation.onTermination = { _ in socket.disconnect() }
  }
}
