// Exercise 9.2 · Reentrancy, the invariant: never overdraw · solution

/// A withdrawal larger than what is left.
public struct InsufficientFunds: Error, Equatable {
  /// What was asked for.
  public let requested: Int
  /// What was left when it was refused.
  public let available: Int

  /// A refusal of `requested` with `available` left.
  public init(requested: Int, available: Int) {
    self.requested = requested
    self.available = available
  }
}

/// A balance that a remote check must approve every withdrawal from, and that never goes below zero.
public actor Wallet {
  /// What is left.
  public private(set) var balance: Int
  private let authorize: @Sendable (Int) async throws -> Void

  /// A wallet holding `balance`, whose withdrawals `authorize` approves (it throws to refuse).
  public init(balance: Int, authorize: @escaping @Sendable (Int) async throws -> Void) {
    self.balance = balance
    self.authorize = authorize
  }

  /// Takes `amount` out, once it is approved and while it is still there.
  public func withdraw(_ amount: Int) async throws {
    guard amount <= balance else { throw InsufficientFunds(requested: amount, available: balance) }
    try await authorize(amount)
    // Another withdrawal may have run while this one was suspended: what was true before the
    // `await` is checked again, now that nothing else can run.
    guard amount <= balance else { throw InsufficientFunds(requested: amount, available: balance) }
    balance -= amount
  }
}
