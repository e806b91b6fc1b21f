// Wrong answer to exercise 4.3 · plain-finish
// Mistake: "When the socket closes, the stream is over; `finish()` ends it, whatever the reason."
// Anti-pattern: plain-finish
// Failure says: The socket broke, but the stream ended silently

import LegacyKit

/// The socket's messages until it closes; throws the error that broke it, if one did.
public func messages(from socket: LegacySocket) -> AsyncThrowingStream<String, any Error> {
  AsyncThrowingStream { continuation in
    socket.connect(onMessage: { continuation.yield($0) }, onClose: { _ in continuation.finish() })
    continuation.onTermination = { _ in socket.disconnect() }
  }
}
