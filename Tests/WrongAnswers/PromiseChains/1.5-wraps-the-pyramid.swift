// Wrong answer to exercise 1.5 · wraps-the-pyramid
// Mistake: "The pyramid already does every side effect in the right order, and the tests compare against
//   it, so the safest chain is one promise around it: same result, same side effects, nothing to get wrong."
// Anti-pattern: wraps-the-pyramid
// Failure says: checkout(cartID:backend:) wraps `PyramidCheckout.run` instead of replacing it

import LegacyKit
import PromiseKitLite

/// Checks out the cart `cartID`, with the same side effects as the pyramid.
public func checkout(cartID: String, backend: CheckoutBackend) -> Promise<PyramidCheckout.Receipt> {
  Promise { seal in
    PyramidCheckout.run(cartID: cartID, backend: backend) { result in seal.resolve(result) }
  }
}
