import Locking

/// The engine of `when(fulfilled:concurrently:)` and `when(resolved:concurrently:)`: the storage
/// that holds the lock and the iterator, and performs what ``State`` decides.
///
/// One thread at a time drains: it asks the iterator for promises while fewer than the
/// limit are pending. A settlement that arrives while another thread drains leaves the
/// asking to that thread, which sees the freed slot on its next step; so the iterator is
/// never called by two threads at once, and no user code runs under the lock.
final class ConcurrentWhen<It: IteratorProtocol & SendableMetatype>: @unchecked Sendable
where It.Element: Thenable {
  typealias T = It.Element.T

  // Touched only by the thread that `State.startDraining()` let in.
  private var iterator: It
  private let state: Locked<State>
  private let completion: @Sendable (Result<[Result<T>]>) -> Void

  init(
    _ iterator: It, limit: Int, stopsOnRejection: Bool,
    completion: @escaping @Sendable (Result<[Result<T>]>) -> Void
  ) {
    self.iterator = iterator
    self.state = Locked(State(limit: limit, stopsOnRejection: stopsOnRejection))
    self.completion = completion
  }

  /// Asks the iterator for promises while there is room; finishes when it is empty and none is pending.
  func pump() {
    guard state.withLock({ $0.startDraining() }) else { return }
    while true {
      switch state.withLock({ $0.nextStep() }) {
      case .stop:
        return
      case .finish(let results):
        completion(.fulfilled(results))
        return
      case .ask:
        let next = iterator.next()
        if let index = state.withLock({ $0.received(next != nil) }), let next {
          next.pipe { [self] result in settle(index, with: result) }
        }
      }
    }
  }

  private func settle(_ index: Int, with result: Result<T>) {
    switch state.withLock({ $0.settled(index, with: result) }) {
    case .reject(let error): completion(.rejected(error))
    case .pump: pump()
    }
  }
}
