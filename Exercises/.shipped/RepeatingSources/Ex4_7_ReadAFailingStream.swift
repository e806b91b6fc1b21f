// Exercise 4.7 · Read a stream that can fail: for try await
// Grade 2 (practice) · Lesson: Docs/04-repeating-sources.md#reading-a-stream-that-can-fail
// Check it: swift run course check 4.7   (or: swift test --filter RepeatingSourcesTests.Ex4_7_ReadAFailingStreamTests)
//
// The chat screen reads its socket's messages (a stream like the one of 4.3) and,
// once the stream has ended, says how it ended.
// Read every message, in order, to the stream's end (`for try await` is the lesson's loop; an
// iterator's `next()` called by hand reads the same). [lost-messages]
// A clean end is `.closed`. [invented-failure] [cancel-as-closed]
// An error is `.failed`, with the stream's own error, after every message that came
// before it. [try-optional-loop] [wrapped-error] [catch-drops-messages]
// A read whose task is cancelled is `.cancelled`, with the messages read until then: the
// loop ends quietly on a cancel, without throwing, so ask after the loop. [cancel-as-closed]
// An error the loop throws is `.failed` even in a cancelled read: a stream that had failed
// before the cancel still gives its messages, then its error. [cancel-as-closed]
// Return only once the stream has ended, or the task has been cancelled. [never-returns] [read-in-task]

import CourseCatalog
import LegacyKit

/// Reads `messages` to its end: every message, in order, and how the stream ended.
public func transcript(of messages: AsyncThrowingStream<String, any Error>) async -> ChatTranscript {
  _ = NotStarted("4.7")  // Replace these two lines.
  return ChatTranscript(messages: [], ending: .closed)
}
