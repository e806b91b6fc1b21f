// Wrong answer to exercise 6.3 · value-first
// Mistake: "If a profile came, the user can see it; the error can be ignored."
// Anti-pattern: if-else-if
// Failure says: When both come, the error wins

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
        switch (profile, error) {
        case (let profile?, _): continuation.resume(returning: profile)
        case (nil, let error?): continuation.resume(throwing: error)
        case (nil, nil): continuation.resume(throwing: NeitherValueNorError())
        }
      }
    }
  }
}
