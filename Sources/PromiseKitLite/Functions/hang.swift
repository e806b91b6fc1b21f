import Dispatch
import Foundation

/// Keeps the current thread's run loop running until `promise` settles, then returns its value or throws its error.
///
/// For command-line tools and scripts whose chains use the main queue: `wait()` on the
/// main thread would deadlock there, because the handlers wait for the main queue while
/// `wait()` blocks it. `hang` keeps the main run loop (and with it the main queue)
/// turning instead. Off the main thread it simply blocks until the promise settles.
public func hang<T>(_ promise: Promise<T>) throws -> T {
  if Thread.isMainThread {
    while promise.isPending {
      _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
    }
  } else {
    let settled = DispatchSemaphore(value: 0)
    promise.pipe { _ in settled.signal() }
    settled.wait()
  }
  switch promise.result {
  case .fulfilled(let value)?: return value
  case .rejected(let error)?: throw error
  case nil: throw PMKError.badInput
  }
}
