// Exercise 9.6 · A cancellation that comes first
// Grade 3 (challenge) · Lesson: Docs/09-actors-and-structured-concurrency.md#a-cancellation-that-comes-first
// Check it: swift run course check 9.6   (or: swift test --filter ActorsAndTasksTests.Ex9_6_RequestLineTests)
//
// The legacy transport takes one request at a time. `request(_:)` waits its turn, sends, and returns
// the answer of its own send: [wrong-reply]
//   - one request is sent at a time, in the order `request` was called; a failed send throws its
//     error and the next request goes; [no-line] [out-of-order] [turn-kept-on-error]
//   - once the last request is done and nobody waits, the next request is sent at once; [line-stays-busy]
//   - a task that is already cancelled when it calls `request` sends nothing and throws
//     `CancellationError`; [no-early-check]
//   - a request whose task is cancelled while it waits its turn throws `CancellationError` at once
//     (not when its turn comes), is never sent, and the line moves on without it (its cancel
//     handler may run before the request has even joined the line); [waits-for-turn]
//     A cancel takes out its own request, wherever it stands, and no other; [wrong-ticket]
//   - a request cancelled while it is sent is cancelled at the source (`send` sees the cancel),
//     throws `CancellationError`, and the next request goes. [unstructured-send] [turn-kept-on-error]

import CourseCatalog

/// Requests sent one at a time, in the order they were made, over a transport that takes one at once.
public actor RequestLine {
  private let send: @Sendable (String) async throws -> String

  /// A line in front of `send`.
  public init(send: @escaping @Sendable (String) async throws -> String) {
    self.send = send
  }

  /// Sends `path` when its turn comes, and returns the answer.
  public func request(_ path: String) async throws -> String {
    throw NotStarted("9.6")  // Replace this line.
  }
}
