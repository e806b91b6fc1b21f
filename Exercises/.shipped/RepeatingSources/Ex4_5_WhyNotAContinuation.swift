// Exercise 4.5 · Why not a continuation
// Grade 3 (challenge) · Lesson: Docs/04-repeating-sources.md#why-not-a-continuation
// Check it: swift run course check 4.5   (or: swift test --filter RepeatingSourcesTests.Ex4_5_WhyNotAContinuationTests)
//
// A teammate adapted the chat socket the way they adapted every other callback: with
// a continuation. It passed a demo with one message. It either drops every message
// after the first, or traps on the second resume.
// Rewrite `liveMessages` so that it delivers every message, ends when the socket closes,
// and disconnects when the consumer stops. [didresume-flag] [no-disconnect]
// It connects the socket once, when the stream is made, and yields each message as it
// comes: no continuation and no `Task`. [continuation-per-message]
// Keep its signature.

import CourseCatalog
import LegacyKit

/// The chat's messages as they arrive, until the socket closes.
public func liveMessages(from socket: LegacySocket) -> AsyncStream<String> {
  AsyncStream { stream in
    Task {
      // "Wait for the next message, like any other callback."
      let message: String = await withCheckedContinuation { continuation in
        socket.connect(onMessage: { continuation.resume(returning: $0) }, onClose: { _ in })
      }
      stream.yield(message)
      stream.finish()
    }
  }
}
