// Exercise 6.3 · Source 2: the completion-handler service
// Grade 2 (practice) · Lesson: Docs/06-capstone.md#one-source-at-a-time
// Check it: swift run course check 6.3   (or: swift test --filter CapstoneTests.Ex6_3_ProfileSourceTests)
//
// The second legacy source: `UserProfileService`, with the `(value?, error?)`
// completion convention, behind `ProfileSource`.

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
