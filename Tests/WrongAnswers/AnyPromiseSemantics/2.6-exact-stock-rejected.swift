// Wrong answer to exercise 2.6 · exact-stock-rejected
// Mistake: I check stock with `<` instead of `<=`, so an order for exactly the quantity left
//   is rejected as out of stock.
// Anti-pattern: zero-only
// Failure says: 2 mugs, with 2 in stock, rejected

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
      // Returning an error rejects the chain: the handler's way to fail.
      guard let order = value as? Order else { return AnyPromise.CastError(expected: Order.self, actual: value) }
      guard order.quantity > 0 else { return OrderError.invalidQuantity }
      guard order.quantity < inventory.available(order.sku) else { return OrderError.outOfStock(sku: order.sku) }
      return order
    }
  }
}
