// Exercise 4.3 · A source that can fail: AsyncThrowingStream
// Grade 2 (practice) · Lesson: Docs/04-repeating-sources.md#a-source-that-can-fail
// Check it: swift run course check 4.3   (or: swift test --filter RepeatingSourcesTests.Ex4_3_FailingStreamTests)
//
// `LegacySocket.connect(onMessage:onClose:)` delivers messages, then closes once,
// cleanly or with an error. Expose it as an `AsyncThrowingStream`: every message
// before the error arrives, then the error ends the stream and is thrown to the
// consumer (a finished stream delivers nothing more, whatever the socket sends
// after it), and a consumer that stops early disconnects.

import CourseCatalog
import LegacyKit

/// The socket's messages until it closes; throws the error that broke it, if one did.
public func messages(from socket: LegacySocket) -> AsyncThrowingStream<String, any Error> {
  AsyncThrowingStream { $0.finish(throwing: NotStarted("4.3")) }  // Replace this line.
}
