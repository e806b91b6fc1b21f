// Wrong answer to exercise 4.7 · cancellation-error-as-signal
// Mistake: in Swift concurrency a cancelled task throws `CancellationError`, so I gave it its own
//   `catch` clause; every other error is a failure, and getting past the loop means the chat closed.
// Anti-pattern: cancel-as-closed
// Failure says: A cancel is not a clean close: the read was cancelled after the first message, and the transcript says `.closed`

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
  } catch is CancellationError {
    return ChatTranscript(messages: received, ending: .cancelled)
  } catch {
    return ChatTranscript(messages: received, ending: .failed(error))
  }
  return ChatTranscript(messages: received, ending: .closed)
}
