/// Something PromiseKitLite noticed that is worth a line in the log, though not an error of the chain.
///
/// Every event goes to ``PMKConfiguration/logHandler``; the default prints it, as
/// PromiseKit does. Replace the handler to send events to your own logger, or to
/// silence them in tests.
public enum LogEvent: Sendable {
  /// `wait()` was called on the main thread, which freezes the UI and deadlocks if the chain needs the main queue.
  case waitOnMainThread
  /// A promise was deallocated while still pending: whatever waited for it will wait forever.
  case pendingPromiseDeallocated
  /// A guarantee was deallocated while still pending.
  case pendingGuaranteeDeallocated
  /// `cauterize()` swallowed this error.
  case cauterized(any Error)
}

extension LogEvent: CustomStringConvertible {
  /// The event's name, and the error for ``cauterized(_:)``: `waitOnMainThread`, `cauterized(Failure.offline)`.
  public var description: String {
    switch self {
    case .waitOnMainThread: "waitOnMainThread"
    case .pendingPromiseDeallocated: "pendingPromiseDeallocated"
    case .pendingGuaranteeDeallocated: "pendingGuaranteeDeallocated"
    case .cauterized(let error): "cauterized(\(type(of: error)).\(error))"
    }
  }
}
