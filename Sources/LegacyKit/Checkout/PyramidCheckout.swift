/// The checkout flow as the legacy app wrote it: a pyramid of nested callbacks.
///
/// Exercise 1.5 rewrites it as one flat promise chain with the same side effects
/// in the same order; the tests run both against fresh backends and compare.
/// Read it for what it does, on every path; the nesting is the problem, not the logic.
public enum PyramidCheckout {
  /// What a finished checkout returns.
  public struct Receipt: Sendable, Hashable {
    /// The payment's id.
    public let chargeID: String
    /// Whether the receipt email went out (a failed email does not fail the checkout).
    public let emailed: Bool

    /// Creates a receipt.
    public init(chargeID: String, emailed: Bool) {
      self.chargeID = chargeID
      self.emailed = emailed
    }
  }

  /// Runs the checkout of `cartID` and calls `completion` once with the receipt or the error.
  public static func run(
    cartID: String, backend: CheckoutBackend, completion: @escaping @Sendable (Result<Receipt, any Error>) -> Void
  ) {
    backend.track("checkout started")
    backend.validate(cartID: cartID) { validated in
      switch validated {
      case .failure(let error):
        backend.track("checkout failed")
        completion(.failure(error))
      case .success(let cart):
        backend.reserve(cart) { reserved in
          switch reserved {
          case .failure(let error):
            backend.track("checkout failed")
            completion(.failure(error))
          case .success(let reservation):
            backend.charge(cents: cart.totalCents) { charged in
              switch charged {
              case .failure(let error):
                backend.release(reservation)
                backend.track("checkout failed")
                completion(.failure(error))
              case .success(let charge):
                backend.sendReceipt(for: charge) { error in
                  backend.track("checkout finished")
                  completion(.success(Receipt(chargeID: charge.id, emailed: error == nil)))
                }
              }
            }
          }
        }
      }
    }
  }
}
