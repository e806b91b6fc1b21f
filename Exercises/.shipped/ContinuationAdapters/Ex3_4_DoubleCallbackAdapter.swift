// Exercise 3.4 · A source that calls back twice
// Grade 3 (challenge) · Lesson: Docs/03-continuation-adapters.md#a-source-that-calls-back-twice
// Check it: swift run course check 3.4   (or: swift test --filter ContinuationAdaptersTests.Ex3_4_DoubleCallbackAdapterTests)
//
// `LocationSDK.requestLocation(completion:)` promises to call back once, and
// sometimes calls back twice: a cached fix, then a fresh one, possibly from two
// threads at the same moment. A checked continuation traps on a second resume.
// Resume with the first answer, value or error, and ignore every later one. [resume-every-callback]
// [wait-for-a-value]
//   - A single callback returns its location. [other-location]
//   - Two callbacks at the same instant, from two threads, still resume once. [didresume-flag]
//   - The continuation stays checked. [unsafe-continuation]

import CourseCatalog
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
    throw NotStarted("3.4")  // Replace this line with your adapter.
  }
}
