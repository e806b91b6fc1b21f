// Exercise 4.7 · Read a stream that can fail: for try await · solution

import LegacyKit

/// Reads `messages` to its end: every message, in order, and how the stream ended.
public func transcript(of messages: AsyncThrowingStream<String, any Error>) async -> ChatTranscript {
  var read: [String] = []
  do {
    for try await message in messages { read.append(message) }
  } catch {
    // The error ends the loop after every message before it: keep both.
    return ChatTranscript(messages: read, ending: .failed(error))
  }
  // A cancel ends the loop quietly, like a clean close: only the task can tell them apart.
  return ChatTranscript(messages: read, ending: Task.isCancelled ? .cancelled : .closed)
}
