// Wrong answer to exercise 4.7 · wrapped-error
// Mistake: the screen shouldn't have to know about socket errors, so I wrapped whatever the stream
//   threw in our own chat error type (it still carries the original as `underlying`).
// Anti-pattern: wrapped-error
// Failure says: Report the stream's own error, not one of your own

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

/// What the chat screen reports when the connection breaks.
private enum ChatError: Error {
  case connectionLost(underlying: any Error)
}

/// Reads `messages` to its end: every message, in order, and how the stream ended.
public func transcript(of messages: AsyncThrowingStream<String, any Error>) async -> ChatTranscript {
  var received: [String] = []
  do {
    for try await message in messages {
      received.append(message)
    }
  } catch {
    return ChatTranscript(
      messages: received, ending: .failed(ChatError.connectionLost(underlying: error)))
  }
  return ChatTranscript(messages: received, ending: Task.isCancelled ? .cancelled : .closed)
}
