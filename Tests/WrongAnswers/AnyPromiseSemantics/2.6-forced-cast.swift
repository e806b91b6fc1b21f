// Wrong answer to exercise 2.6 · forced-cast
// Mistake: The chain always carries an Order, so `as!` reads it.
// Anti-pattern: forced-cast
// Failure says: Something that is not an order must reject instead of crashing

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
    let inventory = self.inventory  // capture what the handler needs, not the validator
    return order.objc.then { (value: (any Sendable)?) -> (any Sendable)? in
      // Returning an error rejects the chain: the handler's way to fail, and nothing is left half-done.
      let order = value as! Order
      guard order.quantity > 0 else { return OrderError.invalidQuantity }
      guard order.quantity <= inventory.available(order.sku) else { return OrderError.outOfStock(sku: order.sku) }
      return order
    }
  }
}
