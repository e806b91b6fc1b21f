// Exercise 8.5 · `@unchecked Sendable`, repaid
// Grade 2 (practice) · Lesson: Docs/08-the-swift-6-language-mode.md#unchecked-sendable-repaid
// Check it: swift run course check 8.5   (or: swift test --filter StrictConcurrencyTests.Ex8_5_UncheckedSendableTests)
//
// `TokenStore` was marked `@unchecked Sendable` to make the Swift 6 build quiet. It is called from
// every thread, and nothing guards its dictionary. Repay the debt:
//   - `TokenStore` is `Sendable` without `@unchecked`, so the compiler checks it, and builds in the
//     Swift 6 language mode with no warning; [unchecked-sendable] [mutable-sendable-state]
//   - `save(_:for:)`, `token(for:)` and `count` stay synchronous and are called from any thread at
//     once: each sees every save made before it, and no two accesses ever race; [tokens-lost]
//     [unsynchronized-tokens]
//   - a token saved for an account replaces the one before it. [tokens-lost]
// No other escape hatch (`nonisolated(unsafe)`). [nonisolated-unsafe]
// `Mutex` is in the `Synchronization` module.

import Foundation

/// The sign-in tokens of every account, shared by the whole app.
public final class TokenStore: @unchecked Sendable {
  private var tokens: [String: String] = [:]

  /// An empty store.
  public init() {}

  /// Keeps `token` for `account`, replacing any token it had.
  public func save(_ token: String, for account: String) {
    tokens[account] = token
  }

  /// The token kept for `account`, or `nil`.
  public func token(for account: String) -> String? {
    tokens[account]
  }

  /// How many accounts have a token.
  public var count: Int {
    tokens.count
  }
}
