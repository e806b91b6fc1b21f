// Wrong answer to exercise 4.5 · didresume-flag
// Mistake: "It trapped on the second message, so the continuation must be resumed only once: a
//   flag,
//   under a lock, stops the trap."
// Anti-pattern: didresume-flag
// Failure says: not every message: a continuation delivers one value
// Also says: no `withCheckedContinuation` and no `Task` inside the stream's builder

import LegacyKit
import Locking

/// The chat's messages as they arrive, until the socket closes.
public func liveMessages(from socket: LegacySocket) -> AsyncStream<String> {
  AsyncStream { stream in
    stream.onTermination = { _ in socket.disconnect() }
    Task {
      let message: String = await withCheckedContinuation { continuation in
        let resumed = Locked(false)
        socket.connect(
          onMessage: { message in
            guard !resumed.withLock({ $0.exchange(true) }) else { return }
            continuation.resume(returning: message)
          }, onClose: { _ in })
      }
      stream.yield(message)
      stream.finish()
    }
  }
}

extension Bool {
  fileprivate mutating func exchange(_ value: Bool) -> Bool {
    defer { self = value }
    return self
  }
}
