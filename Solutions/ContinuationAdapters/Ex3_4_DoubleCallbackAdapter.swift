// Exercise 3.4 · A source that calls back twice · solution

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
      // Whoever takes the continuation out of the lock resumes it; every later callback finds nil.
      // A plain `var didResume` would race when the two callbacks come from two threads at once.
      let pending = Locked<CheckedContinuation<Location, any Error>?>(continuation)
      sdk.requestLocation { result in
        pending.withLock { $0.take() }?.resume(with: result)
      }
    }
  }
}
