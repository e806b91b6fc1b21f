// Wrong answer to exercise 1.5 · recover-at-the-end
// Mistake: One `recover` at the end of the chain handles the receipt's failure, and keeps the chain
//   flat.
// Anti-pattern: receipt-failure-fails
// Failure says: Recover from a tolerated failure locally, not at the end of the chain

import LegacyKit
import PromiseKitLite

/// Checks out the cart `cartID`, with the same side effects as the pyramid.
public func checkout(cartID: String, backend: CheckoutBackend) -> Promise<PyramidCheckout.Receipt> {
  backend.track("checkout started")
  return firstly {
    backend.validate(cartID: cartID)
  }.then { cart in
    backend.reserve(cart).map { (cart, $0) }  // carry the cart along: charge needs its total
  }.then { cart, reservation in
    backend.charge(cents: cart.totalCents).recover { error -> Promise<CheckoutBackend.Charge> in
      backend.release(reservation)  // compensate, then stay rejected
      throw error
    }
  }.then { charge in
    backend.sendReceipt(for: charge).map { PyramidCheckout.Receipt(chargeID: charge.id, emailed: true) }
  }.recover { _ in
    // A receipt that fails to send does not fail the checkout.
    Guarantee.value(PyramidCheckout.Receipt(chargeID: "", emailed: false))
  }.get { _ in
    backend.track("checkout finished")
  }.tap { result in
    if case .rejected = result { backend.track("checkout failed") }
  }
}
