import Foundation
import LegacyKit

/// The repeating sources of topic 4, drawn: what a download reports, what a socket or a chat sends
/// and how it ends, with what a test author tends to leave out (repeats, empty messages, progress
/// that goes back, every kind of error and of cancel, bursts longer than any small buffer).

/// A chat as its stream delivers it: its messages, in order, then how it ends.
public struct ChatScript: Sendable {
  /// The messages, in order.
  public var messages: [String]
  /// The error the chat breaks with, or `nil` for a clean close.
  public var error: (any Error)?
}

extension Gen where Value == String {
  /// A chat message: a few words, so that messages repeat, and the empty one among them.
  public static var chatMessage: Gen<String> { element(of: ["hi", "ok", "", "bye", "see you"]) }
}

extension Gen where Value == Int {
  /// The length of a burst: none, a few, or more than any small buffer keeps (8, 64, 100, 1,000), up
  /// to `most`, in steps of 25 (and fewer steps when shrinking).
  public static func burstLength(upTo most: Int) -> Gen<Int> {
    int(in: 0...(most / 25)).map { $0 * 25 }
  }
}

extension Gen where Value == ChatScript {
  /// A chat: no message, one or several (repeats and empty ones among them), then a clean close or
  /// an error of any kind, each kind of cancellation too.
  public static var chat: Gen<ChatScript> {
    Gen<ChatScript> { choices in
      // The ending first, then the messages: a shrunk scenario keeps its ending while it loses messages.
      let error = choices.draw(below: 3) != 0 ? Gen<any Error>.anyError.draw(&choices) : nil
      return ChatScript(messages: Gen<String>.chatMessage.array(count: 0...6).draw(&choices), error: error)
    }
  }
}

extension Gen where Value == LegacyError {
  /// Each of `LegacyError`'s errors: its cancel, and server errors of both kinds, among them.
  public static var legacyError: Gen<LegacyError> {
    element(of: [.offline, .server(status: 500), .unauthorized, .badRequest, .server(status: 404), .cancelled])
  }
}

extension Gen where Value == LegacySocket.Plan {
  /// A socket's connection, delivered with no gap: no message, one or several (repeats and empty
  /// ones among them), then a clean close or any of `LegacyError`'s errors, its cancel too.
  public static var socketSession: Gen<LegacySocket.Plan> {
    Gen<LegacySocket.Plan> { choices in
      let closeError = choices.draw(below: 3) != 0 ? Gen<LegacyError>.legacyError.draw(&choices) : nil
      return LegacySocket.Plan(
        messages: Gen<String>.chatMessage.array(count: 0...6).draw(&choices), closeError: closeError, interval: 0)
    }
  }

  /// A burst of up to `most` numbered messages with no gap, then a clean close or an error.
  public static func socketBurst(upTo most: Int) -> Gen<LegacySocket.Plan> {
    Gen<LegacySocket.Plan> { choices in
      let count = Gen<Int>.burstLength(upTo: most).draw(&choices)
      let breaks = choices.draw(below: 2) != 0
      return LegacySocket.Plan(
        messages: (0..<count).map { "message \($0 + 1)" }, closeError: breaks ? .offline : nil, interval: 0)
    }
  }
}

extension Gen where Value == ProgressDownload.Plan {
  /// A download's progress, reported with no gap: no step, one or several, with repeats and values
  /// that go back (a download that restarts), then its size or any of `LegacyError`'s errors.
  public static var progressSteps: Gen<ProgressDownload.Plan> {
    Gen<ProgressDownload.Plan> { choices in
      let outcome: Result<Int, LegacyError> =
        choices.draw(below: 3) == 2 ? .failure(Gen<LegacyError>.legacyError.draw(&choices)) : .success(4096)
      let steps = Gen<Double>.element(of: [0.5, 0.25, 1, 0, 0.75, 0.1]).array(count: 0...7).draw(&choices)
      return ProgressDownload.Plan(progress: steps, outcome: outcome, interval: 0)
    }
  }

  /// A burst of up to `most` progress steps with no gap, evenly up to 1, then its size or an error.
  public static func progressBurst(upTo most: Int) -> Gen<ProgressDownload.Plan> {
    Gen<ProgressDownload.Plan> { choices in
      let count = Gen<Int>.burstLength(upTo: most).draw(&choices)
      let fails = choices.draw(below: 2) != 0
      return ProgressDownload.Plan(
        progress: (0..<count).map { Double($0 + 1) / Double(count) },
        outcome: fails ? .failure(.offline) : .success(count),
        interval: 0)
    }
  }
}

extension Said {
  /// Messages as a learner would read them, quoted, the long ones by their count and ends:
  /// `["hi", "", "hi"]`, `1,200 messages ("message 1" to "message 1200")`.
  public static func messages(_ messages: [String]) -> String {
    if messages.count <= 8 { return "[\(messages.map { "\"\($0)\"" }.joined(separator: ", "))]" }
    return "\(count(messages.count)) messages (\"\(messages[0])\" to \"\(messages[messages.count - 1])\")"
  }

  /// Progress values as a learner would read them, the long ones by their count and ends.
  public static func progress(_ values: [Double]) -> String {
    if values.count <= 8 { return "\(values)" }
    return "\(count(values.count)) values (\(values[0]) to \(values[values.count - 1]))"
  }

  /// A count with its thousands marked: 1,200.
  public static func count(_ number: Int) -> String {
    let digits = String(number.magnitude)
    let grouped = digits.enumerated().map { index, digit in
      index > 0 && (digits.count - index) % 3 == 0 ? ",\(digit)" : "\(digit)"
    }
    return (number < 0 ? "-" : "") + grouped.joined()
  }
}

/// What a stream handed over of what its source sent, as a buffer or a reordering leaves it.
public enum Kept: Equatable, Sendable {
  /// All of it, in order.
  case all
  /// None of it.
  case none
  /// The first `count`, in order: what a buffer that keeps the oldest leaves, or a `finish()` that
  /// overtook values still waiting in tasks.
  case oldest(Int)
  /// The last `count`, in order: what a buffer that keeps the newest leaves.
  case newest(Int)
  /// Fewer, in order, with gaps: `count` of them.
  case some(Int)
  /// All of it, and only it, in another order.
  case reordered
  /// Values it never sent, or repeated, or fewer and out of order.
  case other

  /// How `got` compares with `sent`.
  public static func of<Element: Equatable>(_ got: [Element], from sent: [Element]) -> Kept {
    if got == sent { return .all }
    if got.isEmpty { return .none }
    if got.count < sent.count {
      if Array(sent.prefix(got.count)) == got { return .oldest(got.count) }
      if Array(sent.suffix(got.count)) == got { return .newest(got.count) }
      var rest = got[...]
      for element in sent where rest.first == element { rest = rest.dropFirst() }
      if rest.isEmpty { return .some(got.count) }
    }
    if got.count == sent.count {
      var left = sent
      for element in got {
        guard let index = left.firstIndex(of: element) else { return .other }
        left.remove(at: index)
      }
      return .reordered
    }
    return .other
  }
}

extension Said {
  /// What a stream kept, in words: the values themselves (said by `list`) when they are few, else how
  /// many and which.
  public static func kept<Element>(_ values: [Element], _ kept: Kept, list: ([Element]) -> String) -> String {
    if values.count <= 8 { return list(values) }
    switch kept {
    case .oldest: return "only the first \(count(values.count))"
    case .newest: return "only the last \(count(values.count))"
    default: return "\(count(values.count)) of them, with gaps"
    }
  }
}

/// A step of a broadcaster's life, as its subscribers live it.
public enum BroadcastStep: Sendable, Equatable {
  /// A new subscriber subscribes.
  case subscribe
  /// The ticker publishes the next price.
  case publish
  /// One of the subscribers still listening stops: the one at this place among them, counted
  /// round when it is past the last.
  case leave(Int)
}

extension Gen where Value == [BroadcastStep] {
  /// Subscribers joining and leaving in any order (the first to join leaving first, or the last,
  /// or one in the middle, then others joining), with prices published in between.
  public static var broadcastSteps: Gen<[BroadcastStep]> {
    Gen<BroadcastStep> { choices in
      switch choices.draw(below: 3) {
      case 0: .subscribe
      case 1: .publish
      default: .leave(Int(choices.draw(below: 4)))
      }
    }
    .array(count: 1...12)
  }
}

extension Gen where Value == [Double] {
  /// Prices a ticker publishes: none, one, a few with repeats and in any order (zero and below among
  /// them: a price is a price, whatever its value), or a burst of up to `most` (1.0, 2.0, …) longer
  /// than any small buffer.
  public static func tickerPrices(burstUpTo most: Int) -> Gen<[Double]> {
    oneOf([
      Gen<Double>.element(of: [101.5, 99, 100, 98.25, 0, -37.63]).array(count: 0...6),
      Gen<Int>.burstLength(upTo: most).map { count in (0..<count).map { Double($0 + 1) } },
    ])
  }
}

extension Gen where Value == [Double] {
  /// Prices published before anyone reads: as ``tickerPrices(burstUpTo:)`` draws them, and, one time
  /// in ten, a backlog longer than any bound a learner might call large enough (one past 10,000, or
  /// past 16,384), so that a buffer of the oldest or the newest few thousand shows.
  public static func tickerBacklog(burstUpTo most: Int) -> Gen<[Double]> {
    Gen<[Double]> { choices in
      guard choices.draw(below: 10) == 9 else { return Gen<[Double]>.tickerPrices(burstUpTo: most).draw(&choices) }
      let count = Gen<Int>.element(of: [10_001, 16_385]).draw(&choices)
      return (0..<count).map { Double($0 + 1) }
    }
  }
}

/// A price a ticker publishes, for one symbol.
public struct Quote: Sendable, Equatable {
  /// The symbol it is for.
  public var symbol: String
  /// The price.
  public var price: Double
}

extension Gen where Value == [Quote] {
  /// A ticker's tape: `symbol`'s prices among other symbols' (the same letters in another case among
  /// them: "ACME" beside "acme"), none, one, a few with repeats (the same price twice in a row too) and
  /// in any order, a price of zero or below among them (a price is a price, whatever its value), or a
  /// burst of up to `most` of `symbol`'s.
  public static func tickerTape(of symbol: String, burstUpTo most: Int) -> Gen<[Quote]> {
    let twin = symbol.uppercased() != symbol ? symbol.uppercased() : symbol.lowercased()
    let quote = Gen<Quote> { choices in
      let price = [101.5, 99, 100, 98.25, 0, -37.63][Int(choices.draw(below: 6))]
      guard choices.draw(below: 3) == 2 else { return Quote(symbol: symbol, price: price) }
      return Quote(symbol: choices.draw(below: 2) == 0 ? "OTHER" : twin, price: price)
    }
    return oneOf([
      quote.array(count: 0...7),
      Gen<[Double]>.tickerPrices(burstUpTo: most).map { $0.map { Quote(symbol: symbol, price: $0) } },
    ])
  }
}

/// A symbol a stream asks for, and the tape its ticker publishes.
public struct SymbolTape: Sendable {
  /// The symbol asked for, spelled as the screen spells it.
  public var symbol: String
  /// What the ticker publishes: that symbol's prices among others'.
  public var quotes: [Quote]
}

extension Gen where Value == SymbolTape {
  /// A symbol of any spelling (upper case, lower case, mixed, with a dot, a caret or digits), and a
  /// tape of its prices among other symbols', the same letters in another case among them, as
  /// ``tickerTape(of:burstUpTo:)`` draws it.
  public static func symbolTape(burstUpTo most: Int) -> Gen<SymbolTape> {
    Gen<SymbolTape> { choices in
      let symbol = Gen<String>.element(of: ["ACME", "acme", "Brk.b", "^gspc", "7203.T"]).draw(&choices)
      return SymbolTape(symbol: symbol, quotes: Gen<[Quote]>.tickerTape(of: symbol, burstUpTo: most).draw(&choices))
    }
  }
}

extension Said {
  /// A tape in words: `ACME 99.0, OTHER 100.0, ACME 99.0`, or a long one by its count.
  public static func tape(_ quotes: [Quote]) -> String {
    if quotes.count <= 8 {
      return quotes.isEmpty ? "nothing" : quotes.map { "\($0.symbol) \($0.price)" }.joined(separator: ", ")
    }
    return "\(count(quotes.count)) prices (\(quotes[0].symbol) \(quotes[0].price) to \(quotes[quotes.count - 1].price))"
  }
}
