// Wrong answer to exercise 4.3 · invented-error
// Mistake: "A chat socket should never close; when it does, the consumer must hear about it, so a
//   close without an error becomes one."
// Anti-pattern: invented-error
// Failure says: A clean close ends the stream without an error; do not invent one

import LegacyKit

/// The socket's messages until it closes; throws the error that broke it, if one did.
public func messages(from socket: LegacySocket) -> AsyncThrowingStream<String, any Error> {
  AsyncThrowingStream { continuation in
    socket.connect(
      onMessage: { continuation.yield($0) },
      onClose: { error in continuation.finish(throwing: error ?? SocketClosed()) })
    continuation.onTermination = { _ in socket.disconnect() }
  }
}

/// The socket closed.
struct SocketClosed: Error {}
