// Wrong answer to exercise 4.7 · awaited-unstructured-task
// Mistake: I moved the reading into a `Task` to get it off the caller's actor, and I await its `value`,
//   so the function still returns only once the stream has ended; cancellation is checked inside the task.
// Anti-pattern: read-in-task
// Failure says: The read was cancelled, and transcript(of:) never returned: the cancel never reached the loop

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
  let reader = Task { () async -> ChatTranscript in
    var received: [String] = []
    do {
      for try await message in messages {
        received.append(message)
      }
    } catch {
      return ChatTranscript(messages: received, ending: .failed(error))
    }
    return ChatTranscript(messages: received, ending: Task.isCancelled ? .cancelled : .closed)
  }
  return await reader.value
}
