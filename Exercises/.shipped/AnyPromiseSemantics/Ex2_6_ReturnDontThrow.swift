// Exercise 2.6 · Return, don't throw
// Grade 3 (challenge) · Lesson: Docs/02-anypromise-semantics.md#return-dont-throw
// Check it: swift run course check 2.6   (or: swift test --filter AnyPromiseSemanticsTests.Ex2_6_ReturnDontThrowTests)
//
// Validate an order in an `AnyPromise` chain, on its Objective-C face (`order.objc.then`),
// as the legacy code does. [swift-face]
// An Objective-C `AnyPromise` handler cannot throw: it rejects by returning an error (the
// Objective-C advice was the same, for a reason the lesson explains). [zero-only]
// Never stop the program instead (`fatalError`, `precondition`, `!`): that is Swift's
// uncatchable exception. [forced-cast]
//   - quantity zero or less: reject with `OrderError.invalidQuantity`; [zero-only]
//   - more than `inventory.available(sku)`: reject with `OrderError.outOfStock(sku:)`; [zero-only]
//   - something that is not an `Order`: reject with an error; [forced-cast]
//   - otherwise fulfill with the order. [zero-only]
// Once the chain settles, nothing it captured may stay alive. [stored-handler]

import CourseCatalog
import LegacyKit
import PromiseKitLite

/// Validates orders against an inventory.
public final class OrderValidator: Sendable {
  /// The stock to check against.
  public let inventory: Inventory

  /// A validator over `inventory`.
  public init(inventory: Inventory) {
    self.inventory = inventory
  }

  /// `order` (an `AnyPromise` fulfilled with an `Order`), validated.
  public func validate(_ order: AnyPromise) -> AnyPromise {
    AnyPromise.value(NotStarted("2.6"))  // Replace this line with your chain.
  }
}
