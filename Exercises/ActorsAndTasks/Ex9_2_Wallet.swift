// Exercise 9.2 · Reentrancy, the invariant: never overdraw
// Grade 2 (practice) · Lesson: Docs/09-actors-and-structured-concurrency.md#reentrancy-the-invariant
// Check it: swift run course check 9.2   (or: swift test --filter ActorsAndTasksTests.Ex9_2_WalletTests)
//
// `withdraw(_:)` takes an amount out of the wallet once `authorize` (a remote check) approves it: [no-authorize]
//   - the balance never goes below zero, however many withdrawals run at once: a withdrawal that
//     does not fit throws `InsufficientFunds` with the amount and what was left, and changes nothing;
//     [check-before-await] [refusal-not-thrown] [wrong-refusal]
//   - a withdrawal that does not fit when it is made is refused at once, without asking
//     `authorize`; [asks-before-checking]
//   - a withdrawal that `authorize` refuses throws its error and changes nothing; [no-authorize] [not-refunded]
//     (Taking the amount out before `authorize` answers and giving it back on a refusal is right:
//     once the withdrawal has thrown, the balance is what it would be had it never been made.)
//   - withdrawals that fit, one after another or at the same time, all go through. [busy-refused] [wrong-refusal]
// `authorize` is an `await`: while it runs, other withdrawals run on this actor.

import CourseCatalog

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
    throw NotStarted("9.2")  // Replace this line.
  }
}
