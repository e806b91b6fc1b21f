// Wrong answer to exercise 3.3 · force-unwrap-error
// Mistake: Anything but a lone profile means the SDK sent an error, so `error!` is safe in the else branch.
// Anti-pattern: two-ifs
// Failure says: Unexpectedly found nil while unwrapping an Optional value

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
        if let profile, error == nil {
          continuation.resume(returning: profile)
        } else {
          continuation.resume(throwing: error!)
        }
      }
    }
  }
}
