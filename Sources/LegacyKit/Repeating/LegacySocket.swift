import Dispatch
import Foundation
import Locking

/// A socket-like legacy source: messages arrive one by one, then the connection closes, cleanly or with an error.
///
/// Scripted with a ``Plan``; ``isOpen`` tells a test whether anything is still connected.
public final class LegacySocket: Sendable {
  /// How a scripted connection unfolds.
  public struct Plan: Sendable {
    /// The messages, in order.
    public var messages: [String]
    /// How it closes: `nil` for a clean close, or the error that broke it.
    public var closeError: LegacyError?
    /// Whether it closes at all after the messages (a live feed never does).
    public var closes: Bool
    /// Time between events, in seconds.
    public var interval: TimeInterval

    /// A plan.
    public init(messages: [String], closeError: LegacyError? = nil, closes: Bool = true, interval: TimeInterval = 0.002)
    {
      self.messages = messages
      self.closeError = closeError
      self.closes = closes
      self.interval = interval
    }
  }

  private let plan: Plan
  private let state = Locked((open: false, connects: 0, afterClose: [String]()))

  /// A socket that will follow `plan` once connected.
  public init(plan: Plan) {
    self.plan = plan
  }

  /// Whether the connection is open now.
  public var isOpen: Bool { state.withLock { $0.open } }

  /// How many times ``connect(onMessage:onClose:)`` was called.
  public var connects: Int { state.withLock { $0.connects } }

  /// Connects: `onMessage` for each message, then `onClose` once (with the error, if it broke).
  ///
  /// Like many real sockets it keeps calling `onMessage` for messages already in flight
  /// after a disconnect is requested, until the close is delivered.
  public func connect(
    onMessage: @escaping @Sendable (String) -> Void, onClose: @escaping @Sendable ((any Error)?) -> Void
  ) {
    state.withLock {
      $0.open = true
      $0.connects += 1
    }
    let queue = DispatchQueue(label: "legacy.socket")
    for (index, message) in plan.messages.enumerated() {
      Deliveries.schedule(.queue(queue), after: plan.interval * Double(index + 1)) { [state] in
        if state.withLock({ $0.open }) { onMessage(message) }
      }
    }
    guard plan.closes else { return }
    Deliveries.schedule(.queue(queue), after: plan.interval * Double(plan.messages.count + 1)) { [state, plan] in
      guard
        state.withLock({ state in
          defer { state.open = false }
          return state.open
        })
      else { return }
      onClose(plan.closeError)
    }
  }

  /// Closes the connection from this side; no more callbacks are delivered.
  public func disconnect() {
    state.withLock { $0.open = false }
  }
}
