import Locking

/// An order as the legacy order form submits it.
public struct Order: Sendable, Hashable {
  /// The item's stock-keeping unit.
  public let sku: String
  /// How many.
  public let quantity: Int

  /// Creates an order.
  public init(sku: String, quantity: Int) {
    self.sku = sku
    self.quantity = quantity
  }
}

/// Why an order cannot be placed.
public enum OrderError: Error, Sendable, Equatable {
  /// The quantity is zero or negative.
  case invalidQuantity
  /// There is not enough stock of the item.
  case outOfStock(sku: String)
}

/// The legacy stock list: how many of each item are left.
public final class Inventory: Sendable {
  private let stock: Locked<[String: Int]>

  /// An inventory holding `stock`.
  public init(stock: [String: Int]) {
    self.stock = Locked(stock)
  }

  /// How many of `sku` are left.
  public func available(_ sku: String) -> Int {
    stock.withLock { $0[sku, default: 0] }
  }
}
