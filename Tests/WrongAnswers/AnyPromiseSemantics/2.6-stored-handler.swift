// Wrong answer to exercise 2.6 · stored-handler
// Mistake: The validation handler is built once and kept, so every order reuses it instead of making a
//   new closure.
// Anti-pattern: stored-handler
// Failure says: A chain must release every closure once it settles

import LegacyKit
import Locking
import PromiseKitLite

/// Validates orders against an inventory.
public final class OrderValidator: Sendable {
  /// The stock to check against.
  public let inventory: Inventory

  /// A validator over `inventory`.
  public init(inventory: Inventory) {
    self.inventory = inventory
  }

  /// The validation step, built once and reused by every chain.
  private let handler = Locked<(@Sendable ((any Sendable)?) -> (any Sendable)?)?>(nil)

  /// `order` (an `AnyPromise` fulfilled with an `Order`), validated.
  public func validate(_ order: AnyPromise) -> AnyPromise {
    let step = handler.withLock { stored in
      if let stored { return stored }
      let made: @Sendable ((any Sendable)?) -> (any Sendable)? = { value in self.check(value) }
      stored = made
      return made
    }
    return order.objc.then { (value: (any Sendable)?) -> (any Sendable)? in step(value) }
  }

  private func check(_ value: (any Sendable)?) -> (any Sendable)? {
    // Returning an error rejects the chain: the handler's way to fail, and nothing is left half-done.
    guard let order = value as? Order else { return AnyPromise.CastError(expected: Order.self, actual: value) }
    guard order.quantity > 0 else { return OrderError.invalidQuantity }
    guard order.quantity <= inventory.available(order.sku) else { return OrderError.outOfStock(sku: order.sku) }
    return order
  }
}
