import CourseKit
import LegacyKit
import RepeatingSources
import RepeatingSourcesReference
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex4_7_ReadAFailingStreamTests {
  @Test(
    "On chats of every kind (repeats, empty messages, a clean close, any error, each kind of cancellation), the transcript is the reference's"
  )
  func generatedChats() async {
    await Generated.expect(
      "transcript(of:)", Gen.chat,
      describe: {
        "a chat of \(Said.messages($0.messages)) that \($0.error.map { "broke with \(Said.error($0))" } ?? "closed cleanly")"
      }
    ) { chat in
      // Each reads a chat of its own, every message and the ending already delivered: nobody cancels.
      let mine = await RepeatingSources.transcript(of: Self.chat(chat.messages, throwing: chat.error))
      let reference = await RepeatingSourcesReference.transcript(of: Self.chat(chat.messages, throwing: chat.error))
      let ending = Self.said(mine.ending)
      let (sent, broke) = (Said.messages(chat.messages), chat.error.map(Said.error) ?? "")
      switch (reference.ending, mine.ending) {
      case (.closed, .failed):
        return
          "The chat closed cleanly, and the transcript says \(ending): a stream that threw nothing is `.closed`, which \"A clean close is .closed\" explains. [invented-failure]"
      case (.closed, .cancelled):
        return
          "The chat closed cleanly, and nobody cancelled this read, but the transcript says `.cancelled`: ask `Task.isCancelled` after the loop, not whether it ended, which \"A clean close is .closed\" explains. [cancel-as-closed]"
      case (.failed, .closed):
        return
          "The chat broke with \(broke), and the transcript says `.closed`: catch the error the loop throws and return `.failed(error)`, whatever its kind, which \"An error is .failed with the stream's own error\" explains. [try-optional-loop]"
      case (.failed, .cancelled):
        return
          "The chat broke with \(broke), and nobody cancelled this read, but the transcript says `.cancelled`: only this task's own cancel is `.cancelled` (ask `Task.isCancelled`), and an error the stream throws is `.failed`, whatever its kind, a cancellation error too, which \"A stream that fails with CancellationError\" or \"An error is .failed with the stream's own error\" explains. [cancel-as-closed]"
      case (.failed, .failed) where Self.identity(mine.ending) != Self.identity(reference.ending):
        return
          "The chat broke with \(broke), and the transcript says \(ending): report the stream's own error, whatever its kind, unchanged, which \"An error is .failed with the stream's own error\" explains. [wrapped-error]"
      default:
        guard mine.messages != reference.messages else { return nil }
        if mine.messages.isEmpty, case .failed = reference.ending {
          return
            "The chat sent \(sent) before it broke, and the transcript has none of them: a `catch` that returns a new, empty transcript loses the messages before the error, which \"An error is .failed with the stream's own error\" explains. [catch-drops-messages]"
        }
        return
          "The chat sent \(sent), and the transcript has \(Said.messages(mine.messages)): every message, in order, once, repeats and empty ones too, which \"A clean close is .closed\" or \"An error is .failed with the stream's own error\" explains. [lost-messages]"
      }
    }
  }

  @Test(
    "A chat that had broken before a read whose task is cancelled is read as the reference reads it: every message, then .failed"
  )
  func brokenBeforeACancelledRead() async throws {
    // A stream that has failed keeps its messages and its error for its reader, a cancelled one too: the
    // loop reads them all and throws the error, so the ending is the stream's, not the cancel's.
    let (messages, error) = (["a", "b"], ConnectionLost.midChat)
    // Read as the reference reads it when nobody cancels, or the other tests say what differs.
    let plain = try await withDeadline(
      "transcript(of:)", ifHung: "The chat broke, but transcript(of:) never returned. [never-returns]",
      operation: { await RepeatingSources.transcript(of: Self.chat(messages, throwing: error)) })
    // Not the learner's code: the reference reads a stream that has already ended.
    let expectedPlain = await RepeatingSourcesReference.transcript(of: Self.chat(messages, throwing: error))
    guard let plain, plain.messages == expectedPlain.messages,
      Self.identity(plain.ending) == Self.identity(expectedPlain.ending)
    else { return }
    let mine = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await RepeatingSources.transcript(of: Self.chat(messages, throwing: error))
    }
    let reference = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await RepeatingSourcesReference.transcript(of: Self.chat(messages, throwing: error))
    }
    // Not the learner's code: the reference's read of a stream that has already ended.
    let expected = await reference.value
    let sentence =
      "The chat had broken before a read whose task was cancelled, and transcript(of:) never returned: the loop reads the messages and throws the stream's error, a cancel or not. [never-returns]"
    guard let result = try await withDeadline("transcript(of:)", ifHung: sentence, operation: { await mine.value })
    else { return }
    guard result.messages != expected.messages || Self.identity(result.ending) != Self.identity(expected.ending)
    else { return }
    // The loop stopped before the stream's end: at the cancel, before the messages the stream still held.
    if result.messages.count < expected.messages.count,
      Array(expected.messages.prefix(result.messages.count)) == result.messages
    {
      Issue.record(
        "The chat had broken with ConnectionLost.midChat after \(Said.messages(messages)), before a read whose task was cancelled, and the read stopped early: the transcript has \(Said.messages(result.messages)), \(Self.said(result.ending)), where the loop reads every message the stream still holds and then throws its error: \(Said.messages(expected.messages)), \(Self.said(expected.ending)). Let the stream end the loop: it gives a cancelled read every message it holds, then its error. [cancel-as-closed]"
      )
      return
    }
    // An ending read off the task instead of the loop: every message was read, and the error with them.
    guard result.messages == expected.messages, case .cancelled = result.ending, case .failed = expected.ending
    else {
      Issue.record(
        "The chat had broken with ConnectionLost.midChat after \(Said.messages(messages)), before a read whose task was cancelled, and the transcript has \(Said.messages(result.messages)), \(Self.said(result.ending)), where the loop reads every message and then throws the stream's error: \(Said.messages(expected.messages)), \(Self.said(expected.ending)). [lost-messages] [cancel-as-closed]"
      )
      return
    }
    Issue.record(
      "The chat had broken with ConnectionLost.midChat after \(Said.messages(messages)), before a read whose task was cancelled, and the transcript has \(Said.messages(result.messages)), \(Self.said(result.ending)), where the loop still reads every message and then throws the stream's error: \(Said.messages(expected.messages)), \(Self.said(expected.ending)). An error the loop throws is the stream's ending, even in a cancelled task; `.cancelled` is for a loop that ended quietly, so ask `Task.isCancelled` after the loop, not in the `catch`. [cancel-as-closed]"
    )
  }

  /// An ending with its error's type, so that two errors that print alike still differ.
  static func identity(_ ending: ChatEnding) -> String {
    guard case .failed(let error) = ending else { return said(ending) }
    return "\(String(reflecting: type(of: error))) \(Said.error(error))"
  }

  /// An ending as the screen's code reads it: `.closed`, `.cancelled`, `.failed(URLError(.cancelled))`.
  static func said(_ ending: ChatEnding) -> String {
    switch ending {
    case .closed: "`.closed`"
    case .cancelled: "`.cancelled`"
    case .failed(let error): "`.failed(\(Said.error(error)))`"
    }
  }
}
