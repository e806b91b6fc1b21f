// Exercise 6.3 · Source 2: the completion-handler service
// Grade 2 (practice) · Lesson: Docs/06-capstone.md#one-source-at-a-time
// Check it: swift run course check 6.3   (or: swift test --filter CapstoneTests.Ex6_3_ProfileSourceTests)
//
// The second legacy source: `UserProfileService`, with the `(value?, error?)`
// completion convention, behind `ProfileSource`.
// `profile(id:)` loads that id, once, from the service it was given. [signed-in-user]
// A profile and no error returns that profile. [profile-not-returned]
// An error and no profile throws that error. [error-not-thrown]
// A profile and an error throw the error; neither throws `NeitherValueNorError()`. [if-else-if]
// Each callback resumes the awaiting task exactly once. [two-ifs]

import CourseCatalog
import LegacyKit

/// The dashboard's profiles, from the legacy completion-handler service.
public struct ServiceProfileSource: ProfileSource {
  /// The legacy service.
  public let service: UserProfileService

  /// A source over `service`.
  public init(service: UserProfileService) {
    self.service = service
  }

  public func profile(id: Int) async throws -> UserProfile {
    throw NotStarted("6.3")  // Replace this line.
  }
}
