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
