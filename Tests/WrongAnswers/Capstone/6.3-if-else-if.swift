// Wrong answer to exercise 6.3 · if-else-if
// Mistake: "A callback brings a profile or an error; if/else-if covers both."
// Anti-pattern: if-else-if
// Failure says: (nil, nil) never resumed the task

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
