import PromiseKitLite

/// The promise-returning versions of the checkout calls, as the team wrapped them long ago.
extension CheckoutBackend {
  /// ``validate(cartID:completion:)`` as a promise.
  public func validate(cartID: String) -> Promise<Cart> {
    Promise { seal in validate(cartID: cartID, completion: seal.resolve) }
  }

  /// ``reserve(_:completion:)`` as a promise.
  public func reserve(_ cart: Cart) -> Promise<Reservation> {
    Promise { seal in reserve(cart, completion: seal.resolve) }
  }

  /// ``charge(cents:completion:)`` as a promise.
  public func charge(cents: Int) -> Promise<Charge> {
    Promise { seal in charge(cents: cents, completion: seal.resolve) }
  }

  /// ``sendReceipt(for:completion:)`` as a promise.
  public func sendReceipt(for charge: Charge) -> Promise<Void> {
    Promise { seal in sendReceipt(for: charge, completion: seal.resolve) }
  }
}
