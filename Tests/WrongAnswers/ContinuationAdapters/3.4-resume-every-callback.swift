// Wrong answer to exercise 3.4 · resume-every-callback
// Mistake: "The SDK's documentation says it calls back once, so I resume with whatever it sends."
// Anti-pattern: resume-every-callback
// Failure says: resumed its continuation twice, and the runtime trapped

import LegacyKit

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
      sdk.requestLocation { result in
        continuation.resume(with: result)
      }
    }
  }
}
