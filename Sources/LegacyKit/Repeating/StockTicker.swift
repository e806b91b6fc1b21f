import Dispatch
import Locking

/// A legacy observer API: register a handler for a symbol, get a token, unregister with the token.
///
/// It pushes prices to every registered handler until that handler is
/// unregistered, from a serial background queue, in the order they were published.
/// ``activeRegistrations`` lets a test prove that nothing is left listening.
public final class StockTicker: Sendable {
  /// Identifies one registration; hand it back to ``unregister(_:)``.
  public struct Token: Sendable, Hashable {
    let id: Int
  }

  private struct Registration {
    let symbol: String
    let handler: @Sendable (Double) -> Void
  }

  private let state = Locked((next: 0, registrations: [Int: Registration]()))
  private let queue = DispatchQueue(label: "legacy.stock-ticker")
  private let registering = Locked<(@Sendable (Token) -> Void)?>(nil)

  /// A ticker with no listeners.
  public init() {}

  /// Called inside ``register(symbol:handler:)``, once the handler is registered and before its token is returned.
  ///
  /// Tests subscribe a second time from here: the one moment a broadcaster has registered but
  /// not yet stored its token, forced open instead of hoped for.
  public var whileRegistering: (@Sendable (Token) -> Void)? {
    get { registering.withLock { $0 } }
    set { registering.withLock { $0 = newValue } }
  }

  /// Starts calling `handler` with every price published for `symbol`.
  public func register(symbol: String, handler: @escaping @Sendable (Double) -> Void) -> Token {
    let token = state.withLock { state in
      state.next += 1
      state.registrations[state.next] = Registration(symbol: symbol, handler: handler)
      return Token(id: state.next)
    }
    registering.withLock { $0 }?(token)
    return token
  }

  /// Stops calling the handler registered with `token`, and lets it go.
  public func unregister(_ token: Token) {
    state.withLock { _ = $0.registrations.removeValue(forKey: token.id) }
  }

  /// How many registrations have ever been made, including those already unregistered.
  ///
  /// With ``activeRegistrations`` it tells a stream that never registered from one that registered
  /// and let go at once (a `defer` in the builder closure runs when the builder returns).
  public var registrationsMade: Int {
    state.withLock { $0.next }
  }

  /// How many handlers are registered now.
  public var activeRegistrations: Int {
    state.withLock { $0.registrations.count }
  }

  /// Publishes `price` for `symbol` to its handlers, asynchronously, after every earlier price.
  public func publish(_ price: Double, for symbol: String) {
    Deliveries.schedule(.queue(queue), after: 0) { [state] in
      let handlers = state.withLock { $0.registrations.values.filter { $0.symbol == symbol }.map(\.handler) }
      for handler in handlers { handler(price) }
    }
  }

  /// Waits until every price published so far has been delivered.
  public func flush() async {
    await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
  }
}
