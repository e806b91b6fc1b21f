// Wrong answer to exercise 4.3 · error-only-finishes
// Mistake: "`finish(throwing:)` is for errors; when there is none, the socket is simply done and
//   the
//   stream needs nothing more."
// Anti-pattern: invented-error
// Failure says: The socket closed cleanly, but the stream never ended

import LegacyKit

/// The socket's messages until it closes; throws the error that broke it, if one did.
public func messages(from socket: LegacySocket) -> AsyncThrowingStream<String, any Error> {
  AsyncThrowingStream { continuation in
    socket.connect(
      onMessage: { continuation.yield($0) },
      onClose: { error in
        if let error { continuation.finish(throwing: error) }
      })
    continuation.onTermination = { _ in socket.disconnect() }
  }
}
