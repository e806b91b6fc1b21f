// Wrong answer to exercise 3.4 · wait-for-a-value
// Mistake: "The SDK sometimes sends an error and then the location anyway, so I take the first
//   location and skip errors, under a lock."
// Anti-pattern: wait-for-a-value
// Failure says: the first callback was an error, so currentLocation() must throw it

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
      let pending = Locked<CheckedContinuation<Location, any Error>?>(continuation)
      sdk.requestLocation { result in
        guard case .success(let location) = result else { return }
        pending.withLock { $0.take() }?.resume(returning: location)
      }
    }
  }
}
