import CourseCatalog
import CourseKit
import Synchronization
import Testing

@Suite("ExerciseTrait: a stub is reported as not started, and nothing else")
struct ExerciseTraitTests {
  /// Runs `body` under the trait for exercise `id`, as a graded suite would.
  func underTrait(_ id: String, _ body: @escaping @Sendable () async throws -> Void) async throws {
    let test = try #require(Test.current)
    try await ExerciseTrait.exercise(id).provideScope(for: test, testCase: Test.Case.current, performing: body)
  }

  // `withKnownIssue` sees every issue as it is recorded, before the trait's filter drops the
  // muted ones, so this test can check the report but not the muting. The muting is proved on
  // the real suites: `.ci/run` requires every test of every shipped exercise to fail with exactly
  // one issue, the "not started" report.
  @Test("Reaching a stub records an issue naming the exercise, its file and its lesson")
  func stubIsReported() async throws {
    let comments = Mutex<[String]>([])
    try await withKnownIssue {
      try await underTrait("1.1") {
        _ = NotStarted("1.1")
        #expect(Bool(false), "a failure after the stub")
      }
    } matching: { issue in
      comments.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
      return true
    }
    let report = try #require(comments.withLock { $0 }.first { $0.contains("not started yet") })
    #expect(report.contains("Exercise 1.1 (Wrap a completion handler in a promise)"))
    #expect(report.contains("Exercises/PromiseChains/Ex1_1_WrapCompletionHandler.swift"))
    #expect(report.contains("Docs/01-promise-chains.md#wrap-a-callback"))
    #expect(report.contains("swift test --filter PromiseChainsTests.Ex1_1_WrapCompletionHandlerTests"))
  }

  @Test("A thrown NotStarted is reported the same way, not as an unexpected error")
  func thrownStubIsReported() async throws {
    try await withKnownIssue {
      try await underTrait("1.2") { throw NotStarted("1.2") }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Exercise 1.2") && $0.rawValue.contains("not started yet") }
    }
  }

  @Test("A started exercise's failures pass through untouched")
  func wrongAnswersAreNotMuted() async throws {
    try await withKnownIssue {
      try await underTrait("1.3") { #expect(1 + 1 == 3, "the learner's wrong answer") }
    } matching: { issue in
      issue.comments.contains { $0.rawValue == "the learner's wrong answer" }
    }
  }

  @Test("A started exercise's thrown errors pass through untouched")
  func thrownErrorsPassThrough() async throws {
    await #expect(throws: CancellationError.self) {
      try await underTrait("1.4") { throw CancellationError() }
    }
  }

  @Test("A part name, when the stub gives one, appears in the report")
  func partIsNamed() {
    #expect(NotStarted("1.4", "feed(session:api:timeout:)").description.contains("`feed(session:api:timeout:)`"))
  }
}
