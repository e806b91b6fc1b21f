// Wrong answer to exercise 3.3 · neither-bad-request
// Mistake: (nil, nil) is a bad answer from the server, so I throw the app's bad-request error for it.
// Anti-pattern: value-first
// Failure says: `(nil, nil)` throws `NeitherValueNorError`, not another error

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
        switch (profile, error) {
        case (_, let error?): continuation.resume(throwing: error)
        case (let profile?, nil): continuation.resume(returning: profile)
        case (nil, nil): continuation.resume(throwing: LegacyError.badRequest)
        }
      }
    }
  }
}
