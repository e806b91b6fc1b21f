// Wrong answer to exercise 4.5 · no-finish
// Mistake: "Every message is yielded, and a chat has no last message; the close carries no message,
//   so it needs no handler."
// Anti-pattern: didresume-flag
// Failure says: The socket closed, but the chat's loop never ended

import LegacyKit

/// The chat's messages as they arrive, until the socket closes.
public func liveMessages(from socket: LegacySocket) -> AsyncStream<String> {
  AsyncStream { continuation in
    socket.connect(onMessage: { continuation.yield($0) }, onClose: { _ in })
    continuation.onTermination = { _ in socket.disconnect() }
  }
}
