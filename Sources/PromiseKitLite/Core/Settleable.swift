/// The storage half of a promise: a lock around a ``PromiseState`` that performs
/// the actions the state machine returns.
///
/// `Promise` and `Guarantee` each hold their state directly (one allocation per
/// promise), guard it with a shared striped lock, and share every behaviour
/// through this protocol.
@usableFromInline
protocol Settleable<T>: AnyObject, Sendable {
  associatedtype T: Sendable
  func withState<R: Sendable>(_ body: (inout PromiseState<T>) -> R) -> R
}

extension Settleable {
  /// Settles the promise once; a second call is ignored.
  @inlinable
  func settle(_ result: Result<T>) {
    guard let handlers = withState({ $0.settle(result) }) else { return }
    Trampoline.run(handlers, with: result)
  }

  /// Registers `handler`, or runs it at once (through the trampoline) when settled.
  @inlinable
  func register(_ handler: @escaping Handler<T>) {
    switch withState({ $0.register(handler) }) {
    case .stored: break
    case .runNow(let result): Trampoline.run(.one(handler), with: result)
    }
  }

  @inlinable
  var currentResult: Result<T>? {
    withState { $0.result }
  }
}
