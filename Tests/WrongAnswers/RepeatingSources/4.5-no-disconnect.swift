// Wrong answer to exercise 4.5 · no-disconnect
// Mistake: "The stream ends when the socket closes; a screen that leaves early just stops reading."
// Anti-pattern: no-disconnect
// Failure says: the consumer left, but the socket stayed connected

import LegacyKit

/// The chat's messages as they arrive, until the socket closes.
public func liveMessages(from socket: LegacySocket) -> AsyncStream<String> {
  AsyncStream { continuation in
    socket.connect(onMessage: { continuation.yield($0) }, onClose: { _ in continuation.finish() })
  }
}
