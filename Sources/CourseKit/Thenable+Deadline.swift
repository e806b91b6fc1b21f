import CourseCatalog
import PromiseKitLite
import Testing

extension Thenable {
  /// Waits for the promise to settle and returns its result, or throws ``DeadlineExceeded`` after `seconds`.
  ///
  /// `what` names the promise in the failure ("the promise login(...) returned"),
  /// so a learner reads which promise never settled.
  public func settled(within seconds: Double = Deadline.standard, _ what: String) async throws
    -> Swift.Result<T, any Error>
  {
    // The promise reports its result on whatever thread settles it, so the race is decided there
    // and by a Dispatch timer, never waiting for a thread of a busy cooperative pool.
    let race = DeadlineRace<Swift.Result<T, any Error>>()
    return try await withCheckedThrowingContinuation { continuation in
      race.start(continuation)
      race.startClock(seconds: Deadline.scaled(seconds), what)
      pipe { race.finish(.success($0.swiftResult)) }
    }
  }
}

extension PMKFinalizer {
  /// Waits until the chain that ended in `catch` has finished, or throws ``DeadlineExceeded``.
  public func finished(within seconds: Double = Deadline.standard, _ what: String) async throws {
    let race = DeadlineRace<Void>()
    try await withCheckedThrowingContinuation { continuation in
      race.start(continuation)
      race.startClock(seconds: Deadline.scaled(seconds), what)
      finally(on: nil) { race.finish(.success(())) }
    }
  }
}

/// Waits for `promise` to settle and returns its result; when it never settles, records why and returns `nil`.
///
/// `what` names the promise and `lesson` says, in the lesson's words, which
/// mistake leaves a promise pending, so the failure teaches rather than times out.
public func awaitSettled<P: Thenable>(
  _ promise: P, _ what: String, ifItHangs lesson: String = "", within seconds: Double = Deadline.standard,
  sourceLocation: SourceLocation = #_sourceLocation
) async -> Swift.Result<P.T, any Error>? {
  do {
    return try await promise.settled(within: seconds, what)
  } catch {
    let words = (error as? DeadlineExceeded)?.words ?? "\(error)"
    let sentence = lesson.isEmpty ? AntiPattern.tagged(words, AntiPattern.neverFinished) : "\(words) \(lesson)"
    Issue.record(Comment(rawValue: sentence), sourceLocation: sourceLocation)
    return nil
  }
}

extension PromiseKitLite.Result {
  /// The same outcome as the standard library's `Result`, which the tests compare against.
  var swiftResult: Swift.Result<T, any Error> {
    switch self {
    case .fulfilled(let value): .success(value)
    case .rejected(let error): .failure(error)
    }
  }
}

extension Swift.Result {
  /// The value, or `nil` when this is a failure.
  public var success: Success? {
    if case .success(let value) = self { return value }
    return nil
  }

  /// The error, or `nil` when this is a success.
  public var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
