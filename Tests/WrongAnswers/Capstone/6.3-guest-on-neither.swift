// Wrong answer to exercise 6.3 · guest-on-neither
// Mistake: "(nil, nil) means the service had no profile for this user: show a guest rather than an error."
// Anti-pattern: if-else-if
// Failure says: (nil, nil) must throw NeitherValueNorError

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
        case (_, let error?): continuation.resume(throwing: error)
        case (let profile?, nil): continuation.resume(returning: profile)
        case (nil, nil): continuation.resume(returning: UserProfile(id: id, displayName: "Guest"))
        }
      }
    }
  }
}
