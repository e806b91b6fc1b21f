import Dispatch
import Foundation
import Locking

/// One scripted legacy call: it records how it was called and answers as scripted.
///
/// Every legacy service in LegacyKit is a thin, realistically shaped method over
/// an endpoint, so tests script and inspect all of them the same way.
public final class Endpoint<Arguments: Sendable, Value: Sendable>: Sendable {
  private struct State {
    var scripts: [Script<Value>] = []
    var calls: [Arguments] = []
    var inFlight = 0
    var maxInFlight = 0
    var observers: [@Sendable (Arguments) -> Void] = []
  }

  private let state = Locked(State())
  private let respond: @Sendable (Arguments) -> Script<Value>

  /// An endpoint that answers every call with `script` until told otherwise.
  public init(_ script: Script<Value>) {
    respond = { _ in script }
  }

  /// An endpoint that answers each call with the script `respond` makes from its arguments, until told otherwise.
  public init(respond: @escaping @Sendable (Arguments) -> Script<Value>) {
    self.respond = respond
  }

  /// Scripts the next calls: the first call gets the first script, and so on; the last one repeats.
  public func script(_ first: Script<Value>, _ rest: Script<Value>...) {
    replace([first] + rest)
  }

  /// Scripts the next calls from an array; the last script repeats.
  public func replace(_ scripts: [Script<Value>]) {
    guard !scripts.isEmpty else { return }
    state.withLock { $0.scripts = scripts }
  }

  /// The arguments of every call so far, in order.
  public var calls: [Arguments] {
    state.withLock { $0.calls }
  }

  /// The largest number of calls that were waiting for their last reply at the same time.
  public var maxConcurrentCalls: Int {
    state.withLock { $0.maxInFlight }
  }

  /// Runs `observe` at each later call, on the caller's thread, before the call is answered.
  ///
  /// A test then sees what the caller had done by the time it asked: a spinner already shown, or
  /// not yet. The calls list says only that a call happened, not what came before it.
  public func onCall(_ observe: @escaping @Sendable (Arguments) -> Void) {
    state.withLock { $0.observers.append(observe) }
  }

  /// Records a call and delivers its scripted replies to `callback`.
  public func call(_ arguments: Arguments, reply callback: @escaping @Sendable (Reply<Value>) -> Void) {
    for observe in state.withLock({ $0.observers }) { observe(arguments) }
    let script = state.withLock { state in
      state.calls.append(arguments)
      let script =
        switch state.scripts.count {
        case 0: respond(arguments)
        case 1: state.scripts[0]
        default: state.scripts.removeFirst()
        }
      if !script.replies.isEmpty {
        state.inFlight += 1
        state.maxInFlight = max(state.maxInFlight, state.inFlight)
      }
      return script
    }
    let count = script.replies.count
    switch script.delivery {
    case .together, .handedTo:
      // Every reply a body of its own, run together: the call ends when the last one returns.
      let remaining = Locked(count)
      let bodies: [@Sendable () -> Void] = script.replies.map { reply in
        {
          if remaining.withLock({
            $0 -= 1; return $0 == 0
          }) {
            self.state.withLock { $0.inFlight -= 1 }
          }
          callback(reply)
        }
      }
      if case .handedTo(let deliver) = script.delivery { deliver(bodies) } else { Deliveries.together(bodies) }
      return
    default:
      break
    }
    for (index, reply) in script.replies.enumerated() {
      let isLast = index == count - 1
      Deliveries.schedule(script.delivery, after: script.delay * Double(index + 1)) {
        if isLast { self.state.withLock { $0.inFlight -= 1 } }
        callback(reply)
      }
    }
  }
}
