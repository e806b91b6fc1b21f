// Wrong answer to exercise 4.7 · messages-scoped-in-do
// Mistake: I declared the array inside the `do` next to the loop that fills it; the compiler said
//   it wasn't in scope in the `catch`, so I gave the failed transcript an empty list there.
// Anti-pattern: catch-drops-messages
// Failure says: The messages before the error stay: a `catch` that returns a new, empty transcript loses them

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
  do {
    var received: [String] = []
    for try await message in messages {
      received.append(message)
    }
    return ChatTranscript(messages: received, ending: Task.isCancelled ? .cancelled : .closed)
  } catch {
    // `received` isn't visible here; the error is what the screen needs anyway.
    return ChatTranscript(messages: [], ending: .failed(error))
  }
}
