// Exercise 3.3 · The (value?, error?) convention · solution

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
        // Four cases, one resume each: an error wins, a profile returns, neither is an error too.
        switch (profile, error) {
        case (_, let error?): continuation.resume(throwing: error)
        case (let profile?, nil): continuation.resume(returning: profile)
        case (nil, nil): continuation.resume(throwing: NeitherValueNorError())
        }
      }
    }
  }
}
