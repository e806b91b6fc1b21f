import Locking

/// The legacy checkout services: cart, inventory, payments, mailer and analytics, sharing one event log.
///
/// Each call appends to ``events`` when it is made, so a test can compare the side
/// effects of two implementations of the same flow, call by call.
public final class CheckoutBackend: Sendable {
  /// A validated cart.
  public struct Cart: Sendable, Hashable {
    /// The cart's id.
    public let id: String
    /// What it costs, in cents.
    public let totalCents: Int
  }

  /// Stock held for a cart until it is paid or released.
  public struct Reservation: Sendable, Hashable {
    /// The reservation's id.
    public let id: String
  }

  /// A successful payment.
  public struct Charge: Sendable, Hashable {
    /// The payment's id.
    public let id: String
    /// What was charged, in cents.
    public let amountCents: Int
  }

  /// Behind ``validate(cartID:completion:)``.
  public let carts = Endpoint<String, Cart> { id in .succeed(Cart(id: id, totalCents: 4200)) }
  /// Behind ``reserve(_:completion:)``.
  public let reservations = Endpoint<Cart, Reservation> { cart in .succeed(Reservation(id: "res-\(cart.id)")) }
  /// Behind ``charge(cents:completion:)``.
  public let charges = Endpoint<Int, Charge> { cents in .succeed(Charge(id: "ch-\(cents)", amountCents: cents)) }
  /// Behind ``sendReceipt(for:completion:)``; its value is ignored, only an error matters.
  public let receipts = Endpoint<Charge, Bool>(.succeed(true))

  private let log = Locked<[String]>([])

  /// A backend whose calls all succeed at once until scripted otherwise.
  public init() {}

  /// Every call made so far, in order ("validate cart-1", "charge 4200", ...).
  public var events: [String] {
    log.withLock { $0 }
  }

  /// Records an analytics event; it never fails and never calls back.
  public func track(_ event: String) {
    record("track \(event)")
  }

  /// Checks the cart and returns it with its total.
  public func validate(cartID: String, completion: @escaping @Sendable (Result<Cart, any Error>) -> Void) {
    record("validate \(cartID)")
    carts.call(cartID) { completion(Self.result($0)) }
  }

  /// Holds stock for the cart.
  public func reserve(_ cart: Cart, completion: @escaping @Sendable (Result<Reservation, any Error>) -> Void) {
    record("reserve \(cart.id)")
    reservations.call(cart) { completion(Self.result($0)) }
  }

  /// Gives held stock back; it never fails.
  public func release(_ reservation: Reservation) {
    record("release \(reservation.id)")
  }

  /// Charges the customer.
  public func charge(cents: Int, completion: @escaping @Sendable (Result<Charge, any Error>) -> Void) {
    record("charge \(cents)")
    charges.call(cents) { completion(Self.result($0)) }
  }

  /// Emails a receipt; calls back with an error, or `nil` when sent.
  public func sendReceipt(for charge: Charge, completion: @escaping @Sendable ((any Error)?) -> Void) {
    record("receipt \(charge.id)")
    receipts.call(charge) { reply in
      switch reply {
      case .value: completion(nil)
      case .error(let error), .both(_, let error): completion(error)
      case .neither: completion(nil)
      }
    }
  }

  private func record(_ event: String) {
    log.withLock { $0.append(event) }
  }

  private static func result<V>(_ reply: Reply<V>) -> Result<V, any Error> {
    switch reply {
    case .value(let value): .success(value)
    case .error(let error), .both(_, let error): .failure(error)
    case .neither: .failure(LegacyError.badRequest)
    }
  }
}
