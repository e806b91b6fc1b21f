// Wrong answer to exercise 3.4 · wait-for-fresh-fix
// Mistake: "The first fix is a stale cached one, so I keep the newest answer for a moment and resume
//   with that: still exactly once, under a lock."
// Anti-pattern: resume-every-callback
// Failure says: return the first location the SDK sends

import Dispatch
import LegacyKit
import Locking

/// The current location from the legacy SDK, `async`, whatever the SDK does.
public struct LocationProvider: Sendable {
  /// The legacy SDK.
  public let sdk: LocationSDK

  /// A provider over `sdk`.
  public init(sdk: LocationSDK) {
    self.sdk = sdk
  }

  /// The first location (or error) the SDK reports.
  public func currentLocation() async throws -> Location {
    try await withCheckedThrowingContinuation { continuation in
      let newest = Locked<(result: Result<Location, any Error>?, scheduled: Bool)>((nil, false))
      sdk.requestLocation { result in
        let first = newest.withLock { state in
          state.result = result
          defer { state.scheduled = true }
          return !state.scheduled
        }
        guard first else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
          if let result = newest.withLock({ $0.result }) { continuation.resume(with: result) }
        }
      }
    }
  }
}
