// The subject of exercise 7.2, with its mutants: the (value?, error?) adapter of exercise 3.3, over an
// SDK that may call back twice (exercise 3.4).

import LegacyKit
import Locking

/// Loads user profiles from the legacy SDK, `async`, resuming exactly once whatever the SDK does.
///
/// The first callback wins and every later one is ignored. An error wins over a profile, and a
/// callback with neither throws `NeitherValueNorError`.
public struct ProfileLoader: Sendable {
  /// The legacy SDK.
  public let service: UserProfileService

  /// A loader over `service`.
  public init(service: UserProfileService) {
    self.service = service
  }

  /// The profile of user `id`.
  public func profile(id: Int) async throws -> UserProfile {
    let mutant = Mutant.chosen(for: "7.2")
    if mutant == "latest-wins" { return try await latestWins(id: id) }
    return try await withCheckedThrowingContinuation { continuation in
      let pending = Locked<CheckedContinuation<UserProfile, any Error>?>(continuation)
      service.loadProfile(id: mutant == "ignores-id" ? 1 : id) { profile, error in
        switch mutant {
        case "no-guard":
          Self.resume(continuation, profile, error)
        case "two-ifs":
          guard pending.withLock({ $0 != nil }) else { return }
          if let error { continuation.resume(throwing: error) }
          if let profile { continuation.resume(returning: profile) }
          pending.withLock { $0 = nil }
        case "neither-hangs":
          guard profile != nil || error != nil, let continuation = pending.withLock({ $0.take() }) else { return }
          Self.resume(continuation, profile, error)
        case "neither-force-unwrap":
          guard let continuation = pending.withLock({ $0.take() }) else { return }
          if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: profile!) }
        case "guard-on-success-only":
          guard pending.withLock({ $0 != nil }) else { return }
          if profile != nil, error == nil { pending.withLock { $0 = nil } }
          Self.resume(continuation, profile, error)
        case "error-as-neither":
          guard let continuation = pending.withLock({ $0.take() }) else { return }
          if let profile { continuation.resume(returning: profile) } else { Self.resume(continuation, nil, nil) }
        case "placeholder-profile":
          guard let continuation = pending.withLock({ $0.take() }) else { return }
          Self.resume(continuation, profile.map { _ in UserProfile(id: id, displayName: "User \(id)") }, error)
        case "value-wins":
          guard let continuation = pending.withLock({ $0.take() }) else { return }
          if let profile { continuation.resume(returning: profile) } else { Self.resume(continuation, nil, error) }
        default:
          guard let continuation = pending.withLock({ $0.take() }) else { return }
          Self.resume(continuation, profile, error)
        }
      }
    }
  }

  /// The mutant `latest-wins`: it hears the SDK out while the call runs and answers once the call has
  /// returned, so of two callbacks made during the call the second wins. It resumes once, every time.
  private func latestWins(id: Int) async throws -> UserProfile {
    typealias Heard = (profile: UserProfile?, error: (any Error)?)
    return try await withCheckedThrowingContinuation { continuation in
      let state = Locked<(calling: Bool, heard: Heard?, resumed: Bool)>((true, nil, false))
      service.loadProfile(id: id) { profile, error in
        let now = state.withLock { state -> Bool in
          if state.calling { state.heard = (profile, error) }
          guard !state.calling, !state.resumed else { return false }
          state.resumed = true
          return true
        }
        if now { Self.resume(continuation, profile, error) }
      }
      let heard = state.withLock { state -> Heard? in
        state.calling = false
        guard let heard = state.heard, !state.resumed else { return nil }
        state.resumed = true
        return heard
      }
      if let heard { Self.resume(continuation, heard.profile, heard.error) }
    }
  }

  private static func resume(
    _ continuation: CheckedContinuation<UserProfile, any Error>, _ profile: UserProfile?, _ error: (any Error)?
  ) {
    switch (profile, error) {
    case (_, let error?): continuation.resume(throwing: error)
    case (let profile?, nil): continuation.resume(returning: profile)
    case (nil, nil): continuation.resume(throwing: NeitherValueNorError())
    }
  }
}
