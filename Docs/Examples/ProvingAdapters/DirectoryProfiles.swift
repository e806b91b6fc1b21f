// The lesson's example (Docs/07-proving-adapters.md#both-paths-of-an-adapter): a promise adapter that
// the lesson's tests prove on both paths, compiled and tested so it stays true.

import LegacyKit
import PromiseKitLite

/// User profiles from the promise-based `UserDirectory`, `async`.
///
/// It returns what the directory fulfills for the id asked, and throws what the directory rejects
/// with, a cancellation too.
struct DirectoryProfiles: Sendable {
  let directory: UserDirectory

  func profile(id: Int) async throws -> UserProfile {
    try await withCheckedThrowingContinuation { continuation in
      directory.profile(id: id)
        .done(on: nil) { continuation.resume(returning: $0) }
        .catch(on: nil, policy: .allErrors) { continuation.resume(throwing: $0) }
    }
  }
}
