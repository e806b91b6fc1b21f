// Exercise 1.5 · Flatten a pyramid of callbacks · solution

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
    // Compensate on every failure, a cancelled charge too (the pyramid does), then stay rejected.
    backend.charge(cents: cart.totalCents).recover(policy: .allErrors) { error -> Promise<CheckoutBackend.Charge> in
      backend.release(reservation)
      throw error
    }
  }.then { charge in
    // A receipt that fails to send does not fail the checkout.
    backend.sendReceipt(for: charge).map { true }
      .recover { _ in Guarantee.value(false) }
      .map { PyramidCheckout.Receipt(chargeID: charge.id, emailed: $0) }
  }.get { _ in
    backend.track("checkout finished")
  }.tap { result in
    if case .rejected = result { backend.track("checkout failed") }
  }
}
