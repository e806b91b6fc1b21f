// Exercise 9.3 · `when` becomes a task group
// Grade 2 (practice) · Lesson: Docs/09-actors-and-structured-concurrency.md#when-becomes-a-task-group
// Check it: swift run course check 9.3   (or: swift test --filter ActorsAndTasksTests.Ex9_3_TaskGroupsTests)
//
// Topic 1's `when(fulfilled:)` and `when(resolved:)` (exercise 1.4), as structured concurrency:
// `fetchAll` (like `when(fulfilled:)`):
//   - fetches every id at the same time, and returns the values in the order of `ids`, whatever
//     order they finish in; [one-at-a-time] [completion-order] [wrong-values]
//   - throws the first error to arrive (in time, not in the order of `ids`), and cancels every
//     fetch still running; [awaits-in-order] [wrong-values]
//   - returns or throws only once no fetch it started is still running. [siblings-left-running]
// `fetchEach` (like `when(resolved:)`):
//   - fetches every id at the same time, and returns every outcome in the order of `ids`;
//     [one-at-a-time] [completion-order] [wrong-values]
//   - a failed fetch is its `.failure`, and cancels nothing. [resolved-cancels]

import CourseCatalog

/// Every id's value, in the order of `ids`, or the first error: `when(fulfilled:)`, structured.
public func fetchAll<Value: Sendable>(
  _ ids: [Int], fetch: @escaping @Sendable (Int) async throws -> Value
) async throws -> [Value] {
  throw NotStarted("9.3", "fetchAll")  // Replace this line.
}

/// Every id's outcome, in the order of `ids`, failures included: `when(resolved:)`, structured.
public func fetchEach<Value: Sendable>(
  _ ids: [Int], fetch: @escaping @Sendable (Int) async throws -> Value
) async -> [Result<Value, any Error>] {
  ids.map { _ in .failure(NotStarted("9.3", "fetchEach")) }  // Replace this line.
}
