// Exercise 9.5 · Who owns a task: search as you type
// Grade 3 (challenge) · Lesson: Docs/09-actors-and-structured-concurrency.md#who-owns-a-task
// Check it: swift run course check 9.5   (or: swift test --filter ActorsAndTasksTests.Ex9_5_SearchModelTests)
//
// The search screen calls `queryChanged(_:)` on every keystroke. The model owns one task at a time:
//   - each query's search cancels the one before it; [no-cancel]
//   - `results` (and `failure`) show only the newest query's answer: an older search's answer,
//     even one that ignores its cancellation and answers late, never overwrites it;
//     [older-answer-wins] [wrong-results] (Whether `results` empties when a new query starts or
//     keeps the last answer until the new one comes is yours.)
//   - a search that fails sets `failure` to its error; one that is cancelled changes nothing;
//     [failure-ignored] [cancellation-as-failure]
//   - when the screen goes away (the model is released), its search is cancelled: the task must
//     not keep the model alive. [task-outlives-model]

import CourseCatalog

/// A search screen's model: each keystroke's search replaces the last, and the screen shows only
/// the newest query's results.
@MainActor
public final class SearchModel {
  /// The results on screen: an answer to the query that was newest when it came, or empty.
  public private(set) var results: [String] = []
  /// The newest query's error, if its search failed.
  public private(set) var failure: (any Error)?
  private let search: @Sendable (String) async throws -> [String]

  /// A model that looks each query up with `search`.
  public init(search: @escaping @Sendable (String) async throws -> [String]) {
    self.search = search
  }

  /// The query changed: cancel the search under way and start this one.
  public func queryChanged(_ query: String) {
    failure = NotStarted("9.5")  // Replace this line.
  }
}
