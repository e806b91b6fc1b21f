// Wrong answer to exercise 2.6 · swift-face-throws
// Mistake: The Swift face is simpler: adopt the order as a typed promise, throw from `map`, and
//   hand the result back as an `AnyPromise`.
// Anti-pattern: swift-face
// Failure says: validate(_:) does not chain on the Objective-C face the legacy code uses

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
    let inventory = self.inventory
    return AnyPromise(
      Promise<Order>(order).map { order -> Order in
        guard order.quantity > 0 else { throw OrderError.invalidQuantity }
        guard order.quantity <= inventory.available(order.sku) else { throw OrderError.outOfStock(sku: order.sku) }
        return order
      })
  }
}
