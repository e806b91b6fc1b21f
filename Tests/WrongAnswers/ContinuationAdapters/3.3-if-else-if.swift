// Wrong answer to exercise 3.3 · if-else-if
// Mistake: An error means failure, a profile means success; those are the two cases the SDK documents.
// Anti-pattern: if-else-if
// Failure says: An if/else-if on the two optionals never resumes on `(nil, nil)`

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
        } else if let profile {
          continuation.resume(returning: profile)
        }
      }
    }
  }
}
