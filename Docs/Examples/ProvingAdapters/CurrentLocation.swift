// The lesson's example (Docs/07-proving-adapters.md#exactly-once-proved): an adapter over an SDK that
// may call back twice, which the lesson's exit tests prove resumes once.

import LegacyKit
import Synchronization

/// The user's location, `async`, from `LocationSDK`, which may call back twice: the first answer wins.
struct CurrentLocation: Sendable {
  let sdk: LocationSDK

  func location() async throws -> Location {
    try await withCheckedThrowingContinuation { continuation in
      let first = FirstAnswer(continuation)
      sdk.requestLocation { first.offer($0) }
    }
  }
}

/// A continuation that may be offered many results and resumes with the first one.
///
/// The lesson examples depend on LegacyKit and PromiseKitLite only, so the standard library's `Mutex`
/// stands in here for the course's `Locked`, which topic 3 uses for the same job.
final class FirstAnswer<Value: Sendable>: Sendable {
  private let pending: Mutex<CheckedContinuation<Value, any Error>?>

  init(_ continuation: CheckedContinuation<Value, any Error>) {
    pending = Mutex(continuation)
  }

  /// Resumes with `result` if nothing has resumed yet; does nothing otherwise.
  func offer(_ result: Swift.Result<Value, any Error>) {
    pending.withLock { $0.take() }?.resume(with: result)
  }
}
