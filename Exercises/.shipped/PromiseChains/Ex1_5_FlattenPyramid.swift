// Exercise 1.5 · Flatten a pyramid of callbacks
// Grade 3 (challenge) · Lesson: Docs/01-promise-chains.md#flatten-a-pyramid
// Check it: swift run course check 1.5   (or: swift test --filter PromiseChainsTests.Ex1_5_FlattenPyramidTests)
//
// `PyramidCheckout.run(cartID:backend:completion:)` in LegacyKit is the checkout as the
// legacy app wrote it: four levels of nested callbacks. Rewrite it as one flat promise
// chain over the promise versions of the calls (`CheckoutBackend+Promises.swift`). [wraps-the-pyramid]
// The tests run both against fresh backends: every side effect (validate, reserve,
// charge, release, receipt, each analytics event) must happen in the same order, and
// the result must be the same, on the success path and on every failure path. [no-failed-event]
// [different-result] [receipt-failure-fails] [recover-returns-receipt]

import CourseCatalog
import LegacyKit
import PromiseKitLite

/// Checks out the cart `cartID`, with the same side effects as the pyramid.
public func checkout(cartID: String, backend: CheckoutBackend) -> Promise<PyramidCheckout.Receipt> {
  Promise(error: NotStarted("1.5"))  // Replace this line with your chain.
}
