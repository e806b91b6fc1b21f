// Wrong answer to exercise 4.7 · unstructured-task-reader
// Mistake: I didn't want the chat screen to sit blocked on a socket, so the reading runs in a `Task`
//   that fills an actor (the compiler wouldn't let the Task mutate a local array), and I return what the actor holds.
// Anti-pattern: read-in-task
// Failure says: transcript(of:) returned before the stream ended, with no message

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

/// Collects the transcript while the stream is read; an actor so the reading task can write to it.
private actor TranscriptBuffer {
  var messages: [String] = []
  var ending: ChatEnding = .closed

  func append(_ message: String) { messages.append(message) }
  func end(_ ending: ChatEnding) { self.ending = ending }
}

/// Reads `messages` to its end: every message, in order, and how the stream ended.
public func transcript(of messages: AsyncThrowingStream<String, any Error>) async -> ChatTranscript {
  let buffer = TranscriptBuffer()
  Task {
    do {
      for try await message in messages {
        await buffer.append(message)
      }
      await buffer.end(Task.isCancelled ? .cancelled : .closed)
    } catch {
      await buffer.end(.failed(error))
    }
  }
  let soFar = await buffer.messages
  let ending = await buffer.ending
  return ChatTranscript(messages: soFar, ending: ending)
}
