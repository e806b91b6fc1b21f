// Wrong answer to exercise 6.3 · two-ifs
// Mistake: "Two independent checks: one for the profile, one for the error; (nil, nil) has its own."
// Anti-pattern: two-ifs
// Failure says: resumed its continuation twice, and the runtime trapped

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
        if let profile { continuation.resume(returning: profile) }
        if let error { continuation.resume(throwing: error) }
        if profile == nil && error == nil { continuation.resume(throwing: NeitherValueNorError()) }
      }
    }
  }
}
