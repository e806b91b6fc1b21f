import LegacyKit
import Locking

/// Adapters written wrong on purpose, each with the bug a probe exists to catch.
enum BrokenAdapters {
  /// Resumes once, correctly.
  static func resumesOnce() async -> Int {
    await withCheckedContinuation { continuation in continuation.resume(returning: 1) }
  }

  /// Throws through its continuation, once: still exactly one resume.
  static func throwsOnce() async throws -> Int {
    try await withCheckedThrowingContinuation { continuation in
      continuation.resume(throwing: LegacyError.offline)
    }
  }

  /// Resumes twice in a row.
  static func resumesTwice() async -> Int {
    await withCheckedContinuation { continuation in
      continuation.resume(returning: 1)
      continuation.resume(returning: 2)
    }
  }

  /// Resumes on every reply of a legacy source whose second reply comes later, from
  /// another thread, after the awaiting code has already finished.
  static func resumesOnEveryReply() async -> Int {
    let source = Endpoint<Void, Int>(.twice(.value(1), .value(2)))
    source.script(Script.twice(.value(1), .value(2)).after(0.05).fromBackground)
    return await withCheckedContinuation { continuation in
      source.call(()) { reply in
        if case .value(let value) = reply { continuation.resume(returning: value) }
      }
    }
  }

  /// Drops its continuation without resuming it.
  static func leaks() async -> Int {
    await withCheckedContinuation { (_: CheckedContinuation<Int, Never>) in }
  }

  /// Keeps its continuation forever and never resumes it.
  static func neverResumes() async -> Int {
    await withCheckedContinuation { continuation in Vault.keep(continuation) }
  }
}

/// Holds continuations forever, so that no leak is reported: the hang is silent.
enum Vault {
  // `Locked`, not `Mutex`: two tests keep continuations at once, and the sanitizer sees only this lock's hand-over.
  private static let kept = Locked<[CheckedContinuation<Int, Never>]>([])

  static func keep(_ continuation: CheckedContinuation<Int, Never>) {
    kept.withLock { $0.append(continuation) }
  }
}
