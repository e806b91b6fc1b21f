// Wrong answer to exercise 4.7 · try-question-around-loop
// Mistake: I moved the loop into a helper and called it with `try?`, since the function itself
//   isn't `throws` and the messages are collected through the inout anyway; after that I only ask about cancellation.
// Anti-pattern: try-optional-loop
// Failure says: The chat broke, and the transcript says `.closed`: a `for try await` loop inside `try?`

// Exercise 4.7 · Read a stream that can fail: for try await
// Grade 2 (practice) · Lesson: Docs/04-repeating-sources.md#reading-a-stream-that-can-fail
// Check it: swift run course check 4.7   (or: swift test --filter RepeatingSourcesTests.Ex4_7_ReadAFailingStreamTests)
//
// The chat screen reads its socket's messages (a stream like the one of 4.3) and,
// once the stream has ended, says how it ended. Read every message, in order, with
// `for try await`. A clean end is `.closed`. An error is `.failed`, with the
// stream's own error, after every message that came before it. A read whose task
// is cancelled is `.cancelled`, with the messages read until then: the loop ends
// quietly on a cancel, without throwing, so ask after the loop. Return only once
// the stream has ended, or the task has been cancelled.

import CourseCatalog
import LegacyKit

/// Reads `messages` to its end: every message, in order, and how the stream ended.
public func transcript(of messages: AsyncThrowingStream<String, any Error>) async -> ChatTranscript {
  var received: [String] = []
  // The helper fills `received` as it goes, so whatever it throws, the messages are kept.
  try? await readAll(messages, into: &received)
  return ChatTranscript(messages: received, ending: Task.isCancelled ? .cancelled : .closed)
}

private func readAll(
  _ messages: AsyncThrowingStream<String, any Error>, into received: inout [String]
) async throws {
  for try await message in messages {
    received.append(message)
  }
}
