// Wrong answer to exercise 4.7 · check-cancellation-after-loop
// Mistake: the header says to ask about cancellation after the loop, so I put `try Task.checkCancellation()`
//   right after it, inside the same `do`, and let the one `catch` report whatever was thrown.
// Anti-pattern: cancel-as-closed
// Failure says: A cancel is not a failure: the read was cancelled

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
  do {
    for try await message in messages {
      received.append(message)
    }
    try Task.checkCancellation()  // the loop ends quietly on a cancel, so ask here
    return ChatTranscript(messages: received, ending: .closed)
  } catch {
    return ChatTranscript(messages: received, ending: .failed(error))
  }
}
