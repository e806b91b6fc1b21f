import Dispatch
import Foundation

/// What a scripted legacy call does when it is called: which replies, from where, how late.
///
/// Tests script the odd paths real legacy code has: an answer that never comes,
/// an answer that comes twice, `(nil, nil)`, a reply from a background thread.
///
/// ```swift
/// auth.script(.succeed(session).fromBackground)
/// feed.script(.fail(FeedError.offline), .succeed(articles))   // first call fails, later calls succeed
/// sdk.script(.twice(.value(a), .value(b)))
/// ```
public struct Script<Value: Sendable>: Sendable {
  /// The replies, delivered in order; none means the call never answers.
  public var replies: [Reply<Value>]
  /// How long after the call the first reply arrives (and between later replies).
  public var delay: TimeInterval
  /// Where replies are delivered.
  public var delivery: Delivery

  /// A script with these replies, delivered on the caller's thread without delay.
  public init(_ replies: [Reply<Value>], delay: TimeInterval = 0, delivery: Delivery = .caller) {
    self.replies = replies
    self.delay = delay
    self.delivery = delivery
  }

  /// Answers once with `value`.
  public static func succeed(_ value: Value) -> Script { Script([.value(value)]) }
  /// Answers once with `error`.
  public static func fail(_ error: any Error) -> Script { Script([.error(error)]) }
  /// Answers once with neither a value nor an error.
  public static var neither: Script { Script([.neither]) }
  /// Never answers.
  public static var never: Script { Script([]) }
  /// Answers twice: the SDK bug that makes a second resume trap.
  public static func twice(_ first: Reply<Value>, _ second: Reply<Value>) -> Script { Script([first, second]) }

  /// The same replies, each arriving `seconds` later.
  public func after(_ seconds: TimeInterval) -> Script {
    var copy = self
    copy.delay = seconds
    return copy
  }

  /// The same replies, delivered on a background queue.
  public var fromBackground: Script {
    var copy = self
    copy.delivery = .background
    return copy
  }

  /// The same replies, each delivered on a background queue once the main queue has finished the block
  /// it is running when the call is made.
  ///
  /// A call made from a main-queue handler then always hears back after that handler has returned,
  /// and never on the main queue: code that runs "wherever the reply arrives" runs off it, every time.
  /// With ``fromBackground``, a quick reply can beat the handler's return, and such code may run on the
  /// main queue by luck.
  public var fromBackgroundAfterTheMainQueue: Script {
    var copy = self
    copy.delivery = .backgroundAfterTheMainQueue
    return copy
  }

  /// The same replies, delivered on `queue`.
  public func on(_ queue: DispatchQueue) -> Script {
    var copy = self
    copy.delivery = .queue(queue)
    return copy
  }

  /// The same replies, each from a thread of its own, all released at the same instant by one
  /// ``StartingGate`` per call: two callbacks that race on every call, not once in a while.
  public var simultaneously: Script {
    var copy = self
    copy.delivery = .together
    return copy
  }

  /// The same replies, each from a thread of its own, released by `gate` together with whoever
  /// else waits at it (a test's own thread that cancels, for one). The gate serves one call.
  public func released(by gate: StartingGate) -> Script {
    var copy = self
    copy.delivery = .gate(gate)
    return copy
  }

  /// The same replies, handed to `deliver` as one body each, which it calls exactly once each, on
  /// threads of its choosing: a race harness that schedules two callbacks itself, step by step,
  /// rather than releasing them together and hoping they overlap.
  public func handed(to deliver: @escaping @Sendable ([@Sendable () -> Void]) -> Void) -> Script {
    var copy = self
    copy.delivery = .handedTo(deliver)
    return copy
  }
}

/// Where a scripted legacy source delivers its replies.
public enum Delivery: Sendable {
  /// Synchronously, on the caller's thread, before the call returns (when there is no delay).
  case caller
  /// On a global background queue.
  case background
  /// On a global background queue, once the main queue has finished the block it is running.
  case backgroundAfterTheMainQueue
  /// On the given queue.
  case queue(DispatchQueue)
  /// Each reply from a thread of its own, all released at once by a fresh ``StartingGate`` per call.
  case together
  /// Each reply from a thread of its own, released by the given gate.
  case gate(StartingGate)
  /// Every reply handed, as one body each, to a function that calls each exactly once.
  case handedTo(@Sendable ([@Sendable () -> Void]) -> Void)
}
