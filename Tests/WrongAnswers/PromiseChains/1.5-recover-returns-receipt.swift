// Wrong answer to exercise 1.5 · recover-returns-receipt
// Mistake: When the charge fails, release the stock and hand back an empty receipt: the caller gets a
//   value either way.
// Anti-pattern: recover-returns-receipt
// Failure says: a `recover` that returns a value turns a failed charge into a success

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
    backend.charge(cents: cart.totalCents).then { charge in
      // A receipt that fails to send does not fail the checkout.
      backend.sendReceipt(for: charge).map { true }
        .recover { _ in Guarantee.value(false) }
        .map { PyramidCheckout.Receipt(chargeID: charge.id, emailed: $0) }
    }.recover { _ -> Promise<PyramidCheckout.Receipt> in
      backend.release(reservation)  // compensate
      return .value(PyramidCheckout.Receipt(chargeID: "", emailed: false))
    }
  }.get { _ in
    backend.track("checkout finished")
  }.tap { result in
    if case .rejected = result { backend.track("checkout failed") }
  }
}
