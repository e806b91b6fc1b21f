import CourseCatalog
import CourseKit

/// An operation that did not finish within its deadline: the error ``withDeadline(seconds:_:operation:)`` throws.
///
/// A test that awaits an adapter under a deadline fails with it, in words, where a bare `await`
/// of an adapter that never resumes would hang the whole run.
public typealias DeadlineExceeded = CourseKit.DeadlineExceeded

/// Runs `operation` and returns its result, or throws ``DeadlineExceeded`` once `seconds` have passed.
///
/// The tool a test of async code needs to fail instead of hang: an adapter that never resumes its
/// continuation cannot be cancelled, so the deadline leaves it behind and fails the test. A task
/// group cannot do that, because a group waits for every child, even a cancelled one, that never
/// returns. On a loaded machine the deadline waits until the process has gone quiet, so a slow run
/// is never read as a hang.
///
/// ```swift
/// await #expect(throws: LegacyError.offline) {
///   try await withDeadline("latest(refresh:)") { try await repository.latest(refresh: false) }
/// }
/// ```
public func withDeadline<T: Sendable>(
  seconds: Double = 1, _ what: String, operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await CourseKit.withDeadline(seconds: seconds, what, operation: operation)
}

/// Waits until `condition` holds, checking every few milliseconds, and returns whether it did.
///
/// For an effect that happens a moment later on another thread, such as a source that
/// disconnects once its consumer stops: poll for it, rather than sleep a fixed time and hope.
/// On a loaded machine it keeps waiting while the process is still busy.
///
/// ```swift
/// #expect(await eventually { !socket.isOpen })
/// ```
public func eventually(within seconds: Double = 1, _ condition: @escaping @Sendable () async -> Bool) async -> Bool {
  await CourseKit.eventually(within: seconds, condition)
}

/// The marker a topic 7 stub throws until the learner's tests replace it: "exercise 7.1 is not started yet".
///
/// The shipped file's one test throws it, so the course reports the exercise as not started,
/// with the file to open and the lesson to read, rather than as a failing test.
public typealias NotStarted = CourseCatalog.NotStarted
