import CourseKit
import LegacyKit
import RepeatingSources
import RepeatingSourcesReference
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex4_3_FailingStreamTests {
  @Test(
    "On sockets of every kind (no message, repeats, empty messages, a clean close, each of the socket's errors, its cancel too), the consumer reads what the reference gives"
  )
  func generatedSessions() async {
    await Generated.expect("messages(from:)", Gen.socketSession, describe: Self.said) { plan in
      let mine = await Self.readLate(plan) { RepeatingSources.messages(from: $0) }
      let reference = await Self.readLate(plan) { RepeatingSourcesReference.messages(from: $0) }
      return Self.compare(on: plan, mine, reference)
    }
  }

  @Test("A burst of up to 2,500 messages, read after the socket has closed, arrives whole, as the reference's does")
  func generatedBursts() async {
    await Generated.expect("messages(from:)", Gen.socketBurst(upTo: 2500), trials: 8, describe: Self.said) { plan in
      let mine = await Self.readLate(plan) { RepeatingSources.messages(from: $0) }
      let reference = await Self.readLate(plan) { RepeatingSourcesReference.messages(from: $0) }
      return Self.compare(on: plan, mine, reference)
    }
  }

  /// A socket's plan in words.
  static func said(_ plan: LegacySocket.Plan) -> String {
    "a socket that sends \(Said.messages(plan.messages)), then \(plan.closeError.map { "breaks with \(Said.error($0))" } ?? "closes cleanly")"
  }

  /// How what the learner's stream handed a consumer who read once the socket had sent everything
  /// (`mine`) differs from the reference's, each over a socket of its own that followed `plan`, in a sentence.
  static func compare(
    on plan: LegacySocket.Plan, _ mine: (messages: [String], error: (any Error)?),
    _ reference: (messages: [String], error: (any Error)?)
  ) -> String? {
    let broke = plan.closeError.map(Said.error) ?? ""
    switch (reference.error, mine.error) {
    case (nil, let error?):
      return
        "The socket closed cleanly, and the consumer caught \(Said.error(error)): a clean close ends the stream without an error, which \"A clean close ends the stream\" explains. [invented-error]"
    case (_?, nil):
      return
        "The socket broke with \(broke), and the stream ended silently: `finish(throwing: error)` hands the socket's error to the consumer, whatever its kind, its cancel too, which \"An error mid-stream\" explains. [plain-finish]"
    case (_?, let error?)
    where "\(String(reflecting: type(of: error))) \(Said.error(error))" != "LegacyKit.LegacyError \(broke)":
      return
        "The socket broke with \(broke), and the consumer caught \(Said.error(error)): throw the socket's own error, unchanged, whatever its kind, which \"An error mid-stream\" explains. [other-error]"
    default: break
    }
    let sent = Said.messages(plan.messages)
    let total = Said.count(plan.messages.count)
    switch Kept.of(mine.messages, from: reference.messages) {
    case .all: return nil
    case .none:
      return
        "The socket delivered \(sent) before anyone read, and the consumer read none of them: yield each message the socket delivers, into a buffer that keeps it until it is read (the default, `.unbounded`), which \"Messages that arrive before the consumer reads\" explains. [no-yield] [newest-only]"
    case .reordered, .other:
      return
        "The socket delivered \(sent), and the consumer read \(Said.messages(mine.messages)): every message, in order, once, repeats and empty ones too, and nothing else, which \"A clean close ends the stream\" or \"Messages that arrive before the consumer reads\" explains. [newest-only]"
    case let kept:
      let said = Said.kept(mine.messages, kept, list: Said.messages)
      return
        "The socket delivered \(plan.messages.count <= 8 ? sent : "\(total) messages") before anyone read, and the stream handed over \(said): every message arrives, repeats and empty ones too, however many came before the first read; a buffer smaller than the largest burst (or a filter) drops the rest. Keep the default, `.unbounded`, which \"Messages that arrive before the consumer reads\" explains. [newest-only]"
    }
  }

  /// The messages and the error a consumer reads from the stream `make` builds over a fresh socket that
  /// follows `plan`, reading only once the socket has sent everything and closed (when it was connected).
  static func readLate(
    _ plan: LegacySocket.Plan, _ make: (LegacySocket) -> AsyncThrowingStream<String, any Error>
  ) async -> (messages: [String], error: (any Error)?) {
    let socket = LegacySocket(plan: plan)
    let stream = make(socket)
    if socket.connects > 0 { _ = await eventually { !socket.isOpen } }
    var received: [String] = []
    do {
      for try await message in stream { received.append(message) }
      return (received, nil)
    } catch {
      return (received, error)
    }
  }
}
