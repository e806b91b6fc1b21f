// Wrong answer to exercise 3.4 · unsafe-continuation
// Mistake: "A checked continuation traps on a second resume, and this SDK calls back twice: an unsafe
//   one never traps, and my lock keeps it to one resume anyway."
// Anti-pattern: unsafe-continuation
// Failure says: only a checked continuation says "leaked its continuation"

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
    try await withUnsafeThrowingContinuation { continuation in
      // Unsafe, so that a second callback can never trap; the lock makes sure there is none anyway.
      let pending = Locked<UnsafeContinuation<Location, any Error>?>(continuation)
      sdk.requestLocation { result in
        pending.withLock { $0.take() }?.resume(with: result)
      }
    }
  }
}
