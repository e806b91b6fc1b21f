// The subject of exercise 7.4, with its mutants: the socket stream of exercise 4.3.

import LegacyKit
import Locking

/// The socket's messages, every one in order, until it closes; throws the error that broke it, if one did.
///
/// When the consumer stops (it breaks out of its loop, or its task is cancelled), the stream
/// disconnects the socket.
public func messages(from socket: LegacySocket) -> AsyncThrowingStream<String, any Error> {
  let mutant = Mutant.chosen(for: "7.4")
  if mutant == "cancel-only" { return pulledOneByOne(from: socket) }
  let policy: AsyncThrowingStream<String, any Error>.Continuation.BufferingPolicy =
    mutant == "buffering-newest-1" ? .bufferingNewest(1) : .unbounded
  return AsyncThrowingStream(bufferingPolicy: policy) { continuation in
    // `out-of-order` yields the third message before the second; `error-overtakes-last` yields each
    // message when the next one comes, and loses the one it holds when the socket breaks.
    let held = HeldMessages()
    socket.connect(
      onMessage: { message in
        switch mutant {
        case "out-of-order":
          for message in held.swappingSecondAndThird(message) { continuation.yield(message) }
        case "error-overtakes-last":
          if let previous = held.exchange(message) { continuation.yield(previous) }
        default: continuation.yield(message)
        }
      },
      onClose: { error in
        if mutant == "out-of-order" || (mutant == "error-overtakes-last" && error == nil) {
          for message in held.all() { continuation.yield(message) }
        }
        switch mutant {
        case "never-finishes": break
        case "error-swallowed": continuation.finish()
        case "error-as-message":
          if let error { continuation.yield("error: \(error)") }
          continuation.finish()
        case "other-error": continuation.finish(throwing: error.map { _ in StreamFailed() })
        default:
          if let error {
            continuation.finish(throwing: error)
          } else {
            continuation.finish()
          }
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

/// The messages a mutant holds back, behind a lock: the socket calls back on a queue of its own.
private final class HeldMessages: Sendable {
  private let state = Locked<(held: [String], seen: Int)>(([], 0))

  /// What to yield for `message` so that the second and third come the other way round: a suite
  /// that checks only the first message, and the others as a set, passes it.
  func swappingSecondAndThird(_ message: String) -> [String] {
    state.withLock { state in
      state.seen += 1
      switch state.seen {
      case 2:
        state.held = [message]
        return []
      case 3:
        defer { state.held = [] }
        return [message] + state.held
      default: return [message]
      }
    }
  }

  /// Holds `message` and hands back the one held before it.
  func exchange(_ message: String) -> String? {
    state.withLock { state in
      defer { state.held = [message] }
      return state.held.first
    }
  }

  /// Everything still held, which is then held no more.
  func all() -> [String] {
    state.withLock { state in
      defer { state.held = [] }
      return state.held
    }
  }
}

/// The mutant `cancel-only`: one message per `next()`, from a queue the socket fills. A cancelled consumer's
/// wait ends and disconnects the socket; a consumer that leaves the loop tells an unfolding stream
/// nothing, so the socket stays connected.
private func pulledOneByOne(from socket: LegacySocket) -> AsyncThrowingStream<String, any Error> {
  let queue = PendingMessages()
  socket.connect(onMessage: { queue.push(.success($0)) }, onClose: { queue.push($0.map { .failure($0) }) })
  return AsyncThrowingStream {
    try await withTaskCancellationHandler {
      try await queue.next()
    } onCancel: {
      socket.disconnect()
      queue.push(nil)
    }
  }
}

/// For the mutant `cancel-only`: messages that arrived, then the end (`nil`, or the error), and the one
/// reader waiting for what comes next.
private final class PendingMessages: Sendable {
  private let state = Locked<
    (queued: [Result<String, any Error>?], waiting: CheckedContinuation<Result<String, any Error>?, Never>?)
  >(([], nil))

  /// Hands `item` to the waiting reader, or queues it; `nil` is the clean end.
  func push(_ item: Result<String, any Error>?) {
    let reader = state.withLock { state -> CheckedContinuation<Result<String, any Error>?, Never>? in
      guard let waiting = state.waiting else {
        state.queued.append(item)
        return nil
      }
      state.waiting = nil
      return waiting
    }
    reader?.resume(returning: item)
  }

  /// The next message; `nil` once the socket closed cleanly; throws the socket's error.
  func next() async throws -> String? {
    let item = await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> Result<String, any Error>?? in
        guard let first = state.queued.first else {
          state.waiting = continuation
          return nil
        }
        // The end stays queued, so every later read ends too.
        guard first != nil else { return .some(nil) }
        return .some(state.queued.removeFirst())
      }
      if let ready { continuation.resume(returning: ready) }
    }
    return try item?.get()
  }
}
