// Wrong answer to exercise 1.5 · no-failed-event
// Mistake: The result already tells the caller it failed; a separate analytics event is noise.
// Anti-pattern: no-failed-event
// Failure says: Keep every step, compensation (release) and analytics event where the pyramid has it

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
    // A receipt that fails to send does not fail the checkout.
    backend.sendReceipt(for: charge).map { true }
      .recover { _ in Guarantee.value(false) }
      .map { PyramidCheckout.Receipt(chargeID: charge.id, emailed: $0) }
  }.get { _ in
    backend.track("checkout finished")
  }
}
