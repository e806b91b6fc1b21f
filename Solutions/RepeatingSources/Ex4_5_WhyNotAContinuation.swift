// Exercise 4.5 · Why not a continuation · solution

import LegacyKit

/// The chat's messages as they arrive, until the socket closes.
public func liveMessages(from socket: LegacySocket) -> AsyncStream<String> {
  // A continuation resumes once; a socket calls back once per message. A stream is the type for that.
  AsyncStream { continuation in
    socket.connect(onMessage: { continuation.yield($0) }, onClose: { _ in continuation.finish() })
    continuation.onTermination = { _ in socket.disconnect() }
  }
}
