// Wrong answer to exercise 3.4 · nonisolated-unsafe-flag
// Mistake: "A captured var would not compile in the @Sendable callback, so I marked it
//   nonisolated(unsafe). Only the first callback gets past the flag."
// Anti-pattern: didresume-flag
// Failure says: raced on the state that decides who resumes
// Race: the check and the set are nanoseconds apart; two threads fall in between only when two
//   cores are free at that instant, while the thread sanitizer sees the unsynchronized flag every time.

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
      nonisolated(unsafe) var didResume = false
      sdk.requestLocation { result in
        if didResume { return }
        didResume = true
        continuation.resume(with: result)
      }
    }
  }
}
