// Wrong answer to exercise 2.6 · returns-a-result
// Mistake: I moved the rules into a helper that returns PromiseKit's `Result<Order>` and return
//   `.rejected(error)` from the handler, thinking that case rejects; it is not an `Error`, so it fulfills.
// Anti-pattern: zero-only
// Failure says: A returned `Result` is not an `Error`, so it fulfills with the `Result`

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
      guard let order = value as? Order else { return AnyPromise.CastError(expected: Order.self, actual: value) }
      return OrderValidator.check(order, against: inventory)
    }
  }

  /// The order, or the reason it cannot be placed: no throwing, no crashing.
  private static func check(_ order: Order, against inventory: Inventory) -> Result<Order> {
    guard order.quantity > 0 else { return .rejected(OrderError.invalidQuantity) }
    guard order.quantity <= inventory.available(order.sku) else {
      return .rejected(OrderError.outOfStock(sku: order.sku))
    }
    return .fulfilled(order)
  }
}
