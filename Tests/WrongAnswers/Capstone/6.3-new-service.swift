// Wrong answer to exercise 6.3 · new-service
// Mistake: "A fresh service per call keeps calls independent of each other."
// Anti-pattern: signed-in-user
// Failure says: load that id, once, from the service passed to init(service:)

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
      UserProfileService().loadProfile(id: id) { profile, error in
        switch (profile, error) {
        case (_, let error?): continuation.resume(throwing: error)
        case (let profile?, nil): continuation.resume(returning: profile)
        case (nil, nil): continuation.resume(throwing: NeitherValueNorError())
        }
      }
    }
  }
}
