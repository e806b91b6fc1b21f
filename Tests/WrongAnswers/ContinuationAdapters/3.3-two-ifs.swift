// Wrong answer to exercise 3.3 · two-ifs
// Mistake: One `if` for the error and one for the profile: each optional gets its own check, so nothing
//   is missed.
// Anti-pattern: two-ifs
// Failure says: resumed its continuation twice, and the runtime trapped

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
        if let error {
          continuation.resume(throwing: error)
        }
        if let profile {
          continuation.resume(returning: profile)
        }
        if profile == nil, error == nil {
          continuation.resume(throwing: NeitherValueNorError())
        }
      }
    }
  }
}
