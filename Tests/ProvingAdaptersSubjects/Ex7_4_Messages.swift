// The subject of exercise 7.4, with its mutants: the socket stream of exercise 4.3.

import LegacyKit

/// The socket's messages, every one in order, until it closes; throws the error that broke it, if one did.
///
/// When the consumer stops (it breaks out of its loop, or its task is cancelled), the stream
/// disconnects the socket.
public func messages(from socket: LegacySocket) -> AsyncThrowingStream<String, any Error> {
  let mutant = Mutant.chosen(for: "7.4")
  let policy: AsyncThrowingStream<String, any Error>.Continuation.BufferingPolicy =
    mutant == "buffering-newest-1" ? .bufferingNewest(1) : .unbounded
  return AsyncThrowingStream(bufferingPolicy: policy) { continuation in
    socket.connect(
      onMessage: { continuation.yield($0) },
      onClose: { error in
        switch mutant {
        case "never-finishes": break
        case "error-swallowed": continuation.finish()
        case "error-as-message":
          if let error { continuation.yield("error: \(error)") }
          continuation.finish()
        case "other-error": continuation.finish(throwing: error.map { _ in StreamFailed() })
        default: continuation.finish(throwing: error)
        }
      })
    switch mutant {
    case "no-on-termination": break
    case "disconnect-only-when-finished":
      continuation.onTermination = { termination in
        if case .finished = termination { socket.disconnect() }
      }
    default:
      continuation.onTermination = { _ in socket.disconnect() }
    }
  }
}

/// The error a broken stream throws instead of its socket's.
struct StreamFailed: Error {}
