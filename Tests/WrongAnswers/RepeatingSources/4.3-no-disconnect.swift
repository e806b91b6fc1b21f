// Wrong answer to exercise 4.3 · no-disconnect
// Mistake: "The socket closes itself when it is done, and the stream ends with it; nothing else
//   needs closing."
// Anti-pattern: no-disconnect
// Failure says: The consumer left, but the socket is still connected

import LegacyKit

/// The socket's messages until it closes; throws the error that broke it, if one did.
public func messages(from socket: LegacySocket) -> AsyncThrowingStream<String, any Error> {
  AsyncThrowingStream { continuation in
    socket.connect(
      onMessage: { continuation.yield($0) },
      onClose: { error in continuation.finish(throwing: error) })
  }
}
