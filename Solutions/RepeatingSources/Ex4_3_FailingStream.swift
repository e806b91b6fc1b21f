// Exercise 4.3 · A source that can fail: AsyncThrowingStream · solution

import LegacyKit

/// The socket's messages until it closes; throws the error that broke it, if one did.
public func messages(from socket: LegacySocket) -> AsyncThrowingStream<String, any Error> {
  AsyncThrowingStream { continuation in
    socket.connect(
      onMessage: { continuation.yield($0) },
      onClose: { error in continuation.finish(throwing: error) })  // nil finishes cleanly
    continuation.onTermination = { _ in socket.disconnect() }
  }
}
