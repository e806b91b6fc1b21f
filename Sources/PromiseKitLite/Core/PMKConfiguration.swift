import Dispatch
import Locking

/// The defaults every handler method falls back to: which queues handlers run on,
/// and which errors `catch` and `recover` see.
///
/// As in PromiseKit, `map`-like handlers (`then`, `map`, `compactMap`, `recover`,
/// `tap`) default to `Q.map` and `done`-like handlers (`done`, `get`, `catch`,
/// `ensure`, `finally`) default to `Q.return`; both start as the main queue, the
/// right place for code that updates UI. Setting one to `nil` makes those handlers
/// run synchronously, which unit tests sometimes want:
///
/// ```swift
/// conf.Q = (map: nil, return: nil)
/// ```
public struct PMKConfiguration: Sendable {
  /// The default queues for `map`-like and `done`-like handlers.
  public var Q: (map: DispatchQueue?, return: DispatchQueue?) = (.main, .main)

  /// The default policy of `catch` and `recover`: skip cancellations.
  public var catchPolicy: CatchPolicy = .allErrorsExceptCancellation

  /// Where ``LogEvent``s go; the default prints one line per event to standard output.
  ///
  /// Called on whichever thread noticed the event, so it must be `@Sendable`.
  public var logHandler: @Sendable (LogEvent) -> Void = { event in
    switch event {
    case .waitOnMainThread:
      print("PromiseKitLite: warning: `wait()` called on the main thread!")
    case .pendingPromiseDeallocated:
      print("PromiseKitLite: warning: pending promise deallocated")
    case .pendingGuaranteeDeallocated:
      print("PromiseKitLite: warning: pending guarantee deallocated")
    case .cauterized(let error):
      print("PromiseKitLite: cauterized error: \(error)")
    }
  }

  /// The shipped defaults.
  public init() {}
}

private let configuration = Locked(PMKConfiguration())

/// The library-wide defaults, read whenever a handler method is called without `on:`.
///
/// Change it once, at launch; it is safe to read and write from any thread.
public var conf: PMKConfiguration {
  get { configuration.withLock { $0 } }
  set { configuration.withLock { $0 = newValue } }
}
