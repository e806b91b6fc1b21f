import Dispatch
import Foundation
import Locking

extension Thenable {
  /// Blocks the calling thread until the promise settles, then returns its value or throws its error.
  ///
  /// For scripts and tests only. Calling it on the queue a handler of this chain
  /// needs (usually the main queue) deadlocks: the handler waits for the queue,
  /// the queue waits for `wait()`. Logs ``LogEvent/waitOnMainThread`` when called there.
  @inlinable
  public func wait() throws -> T {
    try blockUntilSettled().get()
  }

  /// Waits on a semaphore until `pipe` reports the result; the loop guards against spurious wake-ups.
  @usableFromInline
  func blockUntilSettled() -> Result<T> {
    if Thread.isMainThread { conf.logHandler(.waitOnMainThread) }
    let semaphore = DispatchSemaphore(value: 0)
    let settled = Locked<Result<T>?>(nil)
    pipe { result in
      settled.withLock { $0 = result }
      semaphore.signal()
    }
    while true {
      if let result = settled.withLock({ $0 }) { return result }
      semaphore.wait()
    }
  }
}

extension Guarantee {
  /// Blocks the calling thread until the guarantee fulfills. For scripts and tests only.
  @inlinable
  public func wait() -> T {
    switch blockUntilSettled() {
    case .fulfilled(let value): return value
    case .rejected(let error): preconditionFailure("A Guarantee rejected with \(error)")
    }
  }
}
