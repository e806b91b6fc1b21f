extension ConcurrentWhen {
  /// The bookkeeping of a concurrency-limited `when`, as a pure state machine.
  ///
  /// Each transition says what the storage must do next; none calls out, so the
  /// storage can run them under its lock and act once it has released it.
  struct State: Sendable {
    /// The most promises pending at once.
    let limit: Int
    /// Whether the first rejection settles the whole `when` (`fulfilled:`) or is recorded (`resolved:`).
    let stopsOnRejection: Bool
    /// How many promises the iterator made that have not settled yet.
    private var running = 0
    /// The iterator returned `nil`: it makes no more promises.
    private var exhausted = false
    /// A thread is asking the iterator; every other thread leaves it to that one.
    private var draining = false
    /// The outcome has been delivered; nothing more happens.
    private var finished = false
    /// One slot per promise the iterator made, in its order; `nil` until that promise settles.
    private var results: [Result<T>?] = []

    init(limit: Int, stopsOnRejection: Bool) {
      self.limit = limit
      self.stopsOnRejection = stopsOnRejection
    }

    /// What the draining thread does next.
    enum Step {
      /// Stop draining: the limit is reached, or everything is settled and delivered.
      case stop
      /// Ask the iterator for one more promise.
      case ask
      /// Deliver these results: the iterator is empty and every promise settled.
      case finish([Result<T>])
    }

    /// What a settled promise asks the storage to do.
    enum SettleAction {
      /// Reject the whole `when` with this error.
      case reject(any Error)
      /// Drain again: a slot is free, or everything may be settled.
      case pump
    }

    /// Lets the calling thread drain, unless another thread already does.
    mutating func startDraining() -> Bool {
      guard !draining else { return false }
      draining = true
      return true
    }

    /// The draining thread's next step; stopping or finishing ends the draining.
    mutating func nextStep() -> Step {
      if finished {
        draining = false
        return .stop
      }
      if exhausted && running == 0 {
        finished = true
        draining = false
        return .finish(results.compactMap { $0 })
      }
      if !exhausted && running < limit { return .ask }
      draining = false
      return .stop
    }

    /// Records what the iterator returned: a promise gets a slot, whose index is returned; `nil` exhausts it.
    mutating func received(_ promise: Bool) -> Int? {
      guard promise else {
        exhausted = true
        return nil
      }
      running += 1
      results.append(nil)
      return results.count - 1
    }

    /// Records the result of the promise in slot `index`.
    mutating func settled(_ index: Int, with result: Result<T>) -> SettleAction {
      running -= 1
      results[index] = result
      if stopsOnRejection, !finished, case .rejected(let error) = result {
        finished = true
        return .reject(error)
      }
      return .pump
    }
  }
}
