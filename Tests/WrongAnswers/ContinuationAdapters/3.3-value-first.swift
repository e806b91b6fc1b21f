// Wrong answer to exercise 3.3 · value-first
// Mistake: If the SDK managed to send a profile, the user should see it; errors only matter when there
//   is nothing to show.
// Anti-pattern: value-first
// Failure says: When both come, the error wins

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
    try await withCheckedThrowingContinuation { continuation in
      service.loadProfile(id: id) { profile, error in
        if let profile {
          continuation.resume(returning: profile)
        } else if let error {
          continuation.resume(throwing: error)
        } else {
          continuation.resume(throwing: NeitherValueNorError())
        }
      }
    }
  }
}
