import CourseKit
import Locking

/// A failure a test scripts, told apart by its number.
struct Boom: Error, Equatable, CustomStringConvertible {
  let number: Int
  var description: String { "Boom(\(number))" }
}

/// The result of `operation`, or a `DeadlineExceeded` failure, without throwing.
func withDeadlineResult<T: Sendable>(
  seconds: Double = Deadline.standard, _ what: String, _ operation: @escaping @Sendable () async throws -> T
) async -> Result<T, any Error> {
  do { return .success(try await withDeadline(seconds: seconds, what, operation: operation)) } catch {
    return .failure(error)
  }
}

/// A task's outcome, in words: "it returned …", "it threw …", or the deadline's sentence.
func describe<T>(_ result: Result<T, any Error>) -> String {
  switch result {
  case .success(let value): "it returned \(value)"
  case .failure(let error as DeadlineExceeded): "\(error)"
  case .failure(let error): "it threw \(error)"
  }
}

extension Result {
  /// The error of a failure, or `nil`.
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }

  /// Whether this is a failure because the operation did not finish in time.
  var hung: Bool { failure is DeadlineExceeded }
}

/// Whether a task has finished, for a test that waits for "it finished, or it did something else".
final class Finished: Sendable {
  private let flag = Locked(false)
  init() {}
  func mark() { flag.withLock { $0 = true } }
  var isSet: Bool { flag.withLock { $0 } }
}

/// What a task did, in words that follow a subject: "returned …", "threw …", or "did not finish …".
func did<T>(_ result: Result<T, any Error>) -> String {
  switch result {
  case .success(let value): "returned \(value)"
  case .failure(let error as DeadlineExceeded): "did not finish (\(error))"
  case .failure(let error): "threw \(error)"
  }
}
