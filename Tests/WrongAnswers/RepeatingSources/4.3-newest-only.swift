// Wrong answer to exercise 4.3 · newest-only
// Mistake: "A consumer wants the latest message, and an unbounded buffer can grow without limit: keep the newest."
// Anti-pattern: newest-only
// Failure says: Every message must arrive, even to a consumer that reads after the socket has broken

import LegacyKit

/// The socket's messages until it closes; throws the error that broke it, if one did.
public func messages(from socket: LegacySocket) -> AsyncThrowingStream<String, any Error> {
  // Only the newest message matters to a live screen, so keep one.
  AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
    socket.connect(
      onMessage: { continuation.yield($0) },
      onClose: { error in continuation.finish(throwing: error) })  // nil finishes cleanly
    continuation.onTermination = { _ in socket.disconnect() }
  }
}
