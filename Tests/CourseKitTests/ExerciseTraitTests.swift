import CourseKit
import Locking
import Testing

@testable import CourseCatalog

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
  // These tests share a process with the graded suites, so they reach only the stubs of ids that
  // no catalog entry has ("0.1", ...): reaching "1.1" here would mute the real suite of 1.1.
  @Test("Reaching a stub records an issue that says the exercise is not started")
  func stubIsReported() async throws {
    let comments = Locked<[String]>([])
    try await withKnownIssue {
      try await underTrait("0.1") {
        _ = NotStarted("0.1")
        #expect(Bool(false), "a failure after the stub")
      }
    } matching: { issue in
      comments.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
      return true
    }
    #expect(comments.withLock { $0 }.contains("Exercise 0.1 is not started yet."))
  }

  @Test("The report names the exercise, its file, its lesson and the command that checks it")
  func reportNamesEverything() {
    let report = StubLedger.message(for: "1.1", parts: [])
    #expect(report.contains("Exercise 1.1 (Wrap a completion handler in a promise) is not started yet"))
    #expect(report.contains("Exercises/PromiseChains/Ex1_1_WrapCompletionHandler.swift"))
    #expect(report.contains("Docs/01-promise-chains.md#wrap-a-callback"))
    #expect(report.contains("swift run course check 1.1"))
  }

  @Test("A thrown NotStarted is reported the same way, not as an unexpected error")
  func thrownStubIsReported() async throws {
    try await withKnownIssue {
      try await underTrait("0.2") { throw NotStarted("0.2") }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Exercise 0.2 is not started yet") }
    }
  }

  @Test("A started exercise's failures pass through untouched")
  func wrongAnswersAreNotMuted() async throws {
    try await withKnownIssue {
      try await underTrait("0.3") { #expect(1 + 1 == 3, "the learner's wrong answer") }
    } matching: { issue in
      issue.comments.contains { $0.rawValue == "the learner's wrong answer" }
    }
  }

  @Test("A started exercise's thrown errors pass through untouched")
  func thrownErrorsPassThrough() async throws {
    await #expect(throws: CancellationError.self) {
      try await underTrait("0.4") { throw CancellationError() }
    }
  }

  @Test("A part name, when the stub gives one, appears in the report")
  func partIsNamed() {
    #expect(
      StubLedger.message(for: "1.4", parts: ["feed(session:api:timeout:)"])
        .contains("reached the stub of `feed(session:api:timeout:)`"))
  }
}
