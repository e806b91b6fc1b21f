import Foundation
import Synchronization

/// An operation that did not finish within its deadline.
public struct DeadlineExceeded: Error, CustomStringConvertible {
  /// What never finished, in the test's words.
  public let what: String
  /// The deadline, in seconds.
  public let seconds: Double

  public var description: String {
    "\(what) did not finish within \(Deadline.format(seconds)) s: something never resumed, settled or returned."
  }
}

/// Short deadlines that turn a hang into a failure, because `.timeLimit` cannot go below a minute.
public enum Deadline {
  /// How long the course waits for an operation that should finish at once.
  public static let standard: Double = 1

  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}

/// Runs `operation` and returns its result, or throws ``DeadlineExceeded`` after `seconds`.
///
/// The operation runs in a task of its own that is cancelled, and then abandoned,
/// when the deadline passes: an operation stuck on a continuation that is never
/// resumed cannot be stopped, but it no longer holds the test run behind it.
///
/// ```swift
/// let articles = try await withDeadline("latest(refresh:)") {
///   try await repository.latest(refresh: false)
/// }
/// ```
public func withDeadline<T: Sendable>(
  seconds: Double = Deadline.standard, _ what: String,
  operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  let race = DeadlineRace<T>()
  return try await withCheckedThrowingContinuation { continuation in
    race.start(continuation)
    let work = Task {
      do { race.finish(.success(try await operation())) } catch { race.finish(.failure(error)) }
    }
    Task {
      try? await Task.sleep(for: .seconds(seconds))
      race.finish(.failure(DeadlineExceeded(what: what, seconds: seconds)))
      work.cancel()
    }
  }
}

/// The operation and the timer race to resume one continuation; the first one wins.
private final class DeadlineRace<T: Sendable>: Sendable {
  private let continuation = Mutex<CheckedContinuation<T, any Error>?>(nil)

  func start(_ continuation: CheckedContinuation<T, any Error>) {
    self.continuation.withLock { $0 = continuation }
  }

  func finish(_ result: Result<T, any Error>) {
    continuation.withLock { $0.take() }?.resume(with: result)
  }
}
