import CourseCatalog
import Testing

/// Marks a suite as the graded suite of one exercise, and turns a stub into one clear sentence.
///
/// While an exercise still returns ``NotStarted``, its tests would fail with a
/// wall of unmet expectations. Under this trait, once a test reaches the stub,
/// every later issue of that test is dropped and a single one is recorded
/// instead: the exercise id, the file to open and the lesson to read. A stub of an
/// earlier exercise that this one builds on (``Exercise/buildsOn``) is reported the
/// same way, by its own id. Tests of
/// one exercise run one at a time, so one test's stub cannot mute another's failure.
///
/// ```swift
/// @Suite("1.1 Wrap a completion handler", .exercise("1.1"))
/// struct Ex1_1_WrapCompletionHandlerTests { ... }
/// ```
public struct ExerciseTrait: SuiteTrait, TestTrait, TestScoping {
  /// The exercise's id in the catalog.
  public let id: String

  public var isRecursive: Bool { true }

  public func scopeProvider(for test: Test, testCase: Test.Case?) -> ExerciseTrait? {
    testCase == nil ? nil : self
  }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // The stubs that matter to this test: its exercise's, and those of the exercises it builds on.
    // Tests of exercises that share stubs take all their locks (in one order), so a stub reached
    // by another test running at the same time is never mistaken for this test's.
    let relevant = [id] + (Catalog.exercise(id)?.exercise.buildsOn ?? [])
    for lock in relevant.sorted() { await ExerciseLocks.shared.acquire(lock) }
    let mark = StubLedger.mark
    let id = self.id
    let muteAfterStub = IssueHandlingTrait.compactMapIssues { issue in
      StubLedger.exercises(since: mark).contains(where: relevant.contains) ? nil : Self.sentenceFirst(issue)
    }
    var thrown: (any Error)?
    do {
      try await muteAfterStub.provideScope(for: test, testCase: testCase, performing: function)
    } catch {
      thrown = error
    }
    for lock in relevant.sorted().reversed() { await ExerciseLocks.shared.release(lock) }
    let reached = (StubLedger.exercises(since: mark) + ((thrown as? NotStarted).map { [$0.exercise] } ?? []))
      .filter(relevant.contains)
    if let other = reached.first(where: { $0 != id }), !reached.contains(id) {
      // This exercise builds on another one that is still a stub (5.2 uses 5.1's handler).
      let report = "This test uses exercise \(other), which it builds on. " + StubLedger.report(for: other, since: mark)
      Issue.record(Comment(rawValue: report), sourceLocation: exerciseFileLocation)
    } else if !reached.isEmpty {
      Issue.record(Comment(rawValue: StubLedger.report(for: id, since: mark)), sourceLocation: exerciseFileLocation)
    } else if let thrown {
      throw thrown
    }
  }
}

extension ExerciseTrait {
  /// `issue` with the lesson's sentence as its message, and the expression it checked as a detail.
  ///
  /// A failed `#expect` prints "Expectation failed: (…)" first and its comment under it, so a
  /// learner reading plain `swift test` met a dump before the sentence. Recorded as an issue of its
  /// own, it prints the sentence first, as `course check` does, with the dump after it.
  static func sentenceFirst(_ issue: Issue) -> Issue {
    guard case .expectationFailed = issue.kind, let sentence = issue.comments.first else { return issue }
    var reworded = issue
    reworded.kind = .unconditional
    reworded.comments = [sentence] + issue.comments.dropFirst() + [Comment(rawValue: "\(issue.kind)")]
    return reworded
  }

  /// The first line of the exercise's file, so an editor's "jump to issue" opens what the learner must edit.
  var exerciseFileLocation: SourceLocation {
    let here = #filePath
    guard let (topic, exercise) = Catalog.exercise(id), let sources = here.range(of: "/Sources/CourseKit/") else {
      return SourceLocation(fileID: #fileID, filePath: here, line: #line, column: 1)
    }
    let path = topic.exercisePath(exercise)
    return SourceLocation(
      fileID: "\(topic.module)/\(exercise.fileName)", filePath: String(here[..<sources.lowerBound]) + "/" + path,
      line: 1, column: 1)
  }
}

extension Trait where Self == ExerciseTrait {
  /// The graded suite of exercise `id`: a stub is reported as "not started yet", in words.
  public static func exercise(_ id: String) -> Self {
    ExerciseTrait(id: id)
  }
}

/// One lock per exercise, so the tests of one exercise never run at the same time.
actor ExerciseLocks {
  static let shared = ExerciseLocks()

  private var held: Set<String> = []
  private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

  func acquire(_ id: String) async {
    if held.insert(id).inserted { return }
    await withCheckedContinuation { waiting[id, default: []].append($0) }
  }

  func release(_ id: String) {
    if var queue = waiting[id], !queue.isEmpty {
      let next = queue.removeFirst()
      waiting[id] = queue
      next.resume()
    } else {
      held.remove(id)
    }
  }
}
