// Exercise 7.4 · A stream, start to end, and a consumer that stops
//
// Write the tests that prove `messages(from:)`, the stream adapter of exercise 4.3.
// The subject, whole, as your tests see it (its body lives with the course's machinery, beside the
// broken versions the check swaps in; you never need to open it):
//
//   public func messages(from socket: LegacySocket) -> AsyncThrowingStream<String, any Error>
//   // import ProvingAdaptersSubjects
//   The socket's messages, every one in order, until it closes; it throws the error that broke
//   the socket, if one did. [out-of-order] [buffering-newest-1] [never-finishes] [error-as-message]
//   [error-swallowed] [other-error] [error-overtakes-last]
//   When the consumer stops (it breaks out of its loop, or its task is cancelled), the stream
//   disconnects the socket. [no-on-termination] [disconnect-only-when-finished] [cancel-only]
//
// Test it over a scripted `LegacySocket(plan:)`. Prove that:
// - every message arrives, in order, and then the stream ends (collect it under `withDeadline`);
//   [out-of-order] [never-finishes]
// - messages that arrive before anyone reads are kept, every one; [buffering-newest-1]
// - a socket that breaks ends the loop by throwing its error, after every message; [error-swallowed]
//   [error-as-message] [other-error] [error-overtakes-last]
// - a consumer that stops disconnects the socket, even a live one that never closes
//   (`closes: false`): `await eventually { !socket.isOpen }`. [no-on-termination]
//   [disconnect-only-when-finished]
//   Stop it by leaving the loop: a stream can hear a cancelled task and still miss a consumer that
//   leaves. [cancel-only]
//
// `swift run course check 7.4` runs your tests against the correct stream, then against broken ones,
// and names each broken one that your tests let through. Replace the test below with yours.
//
// Lesson: Docs/07-proving-adapters.md#a-stream-start-to-end

import LegacyKit
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.4 A stream, start to end, and a consumer that stops")
struct Ex7_4_StreamTests {
  @Test("Not started yet: replace this test with your tests")
  func notStartedYet() throws {
    throw NotStarted("7.4")
  }
}
