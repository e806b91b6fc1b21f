// Exercise 4.3 · A source that can fail: AsyncThrowingStream
// Grade 2 (practice) · Lesson: Docs/04-repeating-sources.md#a-source-that-can-fail
// Check it: swift run course check 4.3   (or: swift test --filter RepeatingSourcesTests.Ex4_3_FailingStreamTests)
//
// `LegacySocket.connect(onMessage:onClose:)` delivers messages, then closes once,
// cleanly or with an error.
// Expose it as an `AsyncThrowingStream`, which connects the socket once, when it is made. [late-connect]
// Every message before the error arrives. [no-yield] [newest-only]
// Then the error ends the stream and is thrown to the consumer: the socket's own error (a
// finished stream delivers nothing more, whatever the socket sends after it). [plain-finish] [other-error]
// A clean close ends the stream without an error. [invented-error]
// A consumer that stops early disconnects. [no-disconnect]

import CourseCatalog
import LegacyKit

/// The socket's messages until it closes; throws the error that broke it, if one did.
public func messages(from socket: LegacySocket) -> AsyncThrowingStream<String, any Error> {
  AsyncThrowingStream { $0.finish(throwing: NotStarted("4.3")) }  // Replace this line.
}
