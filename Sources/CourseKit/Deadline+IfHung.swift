import CourseCatalog
import Testing

/// ``withDeadline(seconds:_:operation:)`` for a test that knows what a hang means: it records the
/// lesson's sentence about what was observed, and returns `nil`, instead of throwing.
///
/// A bare ``DeadlineExceeded`` says that something never finished, which is true but teaches
/// nothing. The test knows what it scripted (a socket that closed, a price that was published),
/// so it can say what the learner's code failed to do; the deadline's own words follow, in brackets.
///
/// ```swift
/// guard let values = try await withDeadline(
///   "the for-await loop over progressUpdates(of:)",
///   ifHung: "The download completed, but the stream never finished: call `finish()` in the completion."
/// ) { ... } else { return }
/// ```
public func withDeadline<T: Sendable>(
  seconds: Double = Deadline.standard, _ what: String, ifHung sentence: String,
  sourceLocation: SourceLocation = #_sourceLocation, operation: @escaping @Sendable () async throws -> T
) async throws -> T? {
  do {
    return try await withDeadline(seconds: seconds, what, operation: operation)
  } catch let error as DeadlineExceeded {
    Issue.record(
      Comment(rawValue: AntiPattern.adding("(\(error.words))", to: sentence)), sourceLocation: sourceLocation)
    return nil
  }
}
