// Wrong answer to exercise 4.3 · finish-only-when-clean
// Mistake: "A clean close finishes the stream; an error is a failure, and a failed stream has
//   nothing more to deliver, so there is nothing to finish."
// Anti-pattern: plain-finish
// Failure says: The socket broke, but the stream never ended

import LegacyKit

/// The socket's messages until it closes; throws the error that broke it, if one did.
public func messages(from socket: LegacySocket) -> AsyncThrowingStream<String, any Error> {
  AsyncThrowingStream { continuation in
    socket.connect(
      onMessage: { continuation.yield($0) },
      onClose: { error in
        if error == nil { continuation.finish() }
      })
    continuation.onTermination = { _ in socket.disconnect() }
  }
}
