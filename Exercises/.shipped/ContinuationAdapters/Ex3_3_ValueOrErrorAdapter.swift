// Exercise 3.3 · The (value?, error?) convention
// Grade 2 (practice) · Lesson: Docs/03-continuation-adapters.md#the-value-error-convention
// Check it: swift run course check 3.3   (or: swift test --filter ContinuationAdaptersTests.Ex3_3_ValueOrErrorAdapterTests)
//
// `UserProfileService.loadProfile(id:completion:)` calls back with
// `(UserProfile?, Error?)`. Ask it once, for the user `id`, and return that user's profile.
// [wrong-profile-id]
// Bridge it to `async throws` so that every combination resumes exactly once: [two-ifs]
//   - a profile and no error: return it; [value-not-returned]
//   - an error (with or without a profile): throw the error; [error-not-thrown] [value-first]
//   - neither: throw `NeitherValueNorError()`, instead of leaving the caller waiting. [neither-other-error]
//     [if-else-if]

import CourseCatalog
import LegacyKit

/// Loads user profiles from the legacy SDK, `async`.
public struct ProfileLoader: Sendable {
  /// The legacy SDK.
  public let service: UserProfileService

  /// A loader over `service`.
  public init(service: UserProfileService) {
    self.service = service
  }

  /// The profile of user `id`.
  public func profile(id: Int) async throws -> UserProfile {
    throw NotStarted("3.3")  // Replace this line with your adapter.
  }
}
