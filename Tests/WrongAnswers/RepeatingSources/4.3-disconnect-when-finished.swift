// Wrong answer to exercise 4.3 · disconnect-when-finished
// Mistake: "Disconnect once the stream has finished; a cancelled stream means the consumer went
//   away, and the socket closes on its own."
// Anti-pattern: no-disconnect
// Failure says: The consumer left, but the socket is still connected

import LegacyKit

/// The socket's messages until it closes; throws the error that broke it, if one did.
public func messages(from socket: LegacySocket) -> AsyncThrowingStream<String, any Error> {
  AsyncThrowingStream { continuation in
    socket.connect(
      onMessage: { continuation.yield($0) },
      onClose: { error in continuation.finish(throwing: error) })
    continuation.onTermination = { termination in
      if case .finished = termination { socket.disconnect() }
    }
  }
}
