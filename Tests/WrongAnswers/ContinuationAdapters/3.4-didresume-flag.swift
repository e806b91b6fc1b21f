// Wrong answer to exercise 3.4 · didresume-flag
// Mistake: "A flag remembers that I resumed, so the second callback returns early. The compiler
//   wanted Sendable, so the flag lives in a small class marked @unchecked Sendable."
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
      let state = ResumeState()
      sdk.requestLocation { result in
        guard !state.didResume else { return }
        state.didResume = true
        continuation.resume(with: result)
      }
    }
  }
}

private final class ResumeState: @unchecked Sendable {
  var didResume = false
}
