// Wrong answer to exercise 4.5 · continuation-per-message
// Mistake: "One continuation gives one message, so wait for the next message in a loop, one
//   continuation each time, and yield each into the stream."
// Anti-pattern: continuation-per-message
// Failure says: resumed its continuation twice, and the runtime trapped

import LegacyKit

/// The chat's messages as they arrive, until the socket closes.
public func liveMessages(from socket: LegacySocket) -> AsyncStream<String> {
  AsyncStream { stream in
    Task {
      while !Task.isCancelled {
        let message: String = await withCheckedContinuation { continuation in
          socket.connect(onMessage: { continuation.resume(returning: $0) }, onClose: { _ in })
        }
        stream.yield(message)
      }
      stream.finish()
    }
  }
}
