// Exercise 8.5 · `@unchecked Sendable`, repaid · solution

import Synchronization

/// The sign-in tokens of every account, shared by the whole app.
///
/// `Sendable`, checked: its one stored property is a `let` of a `Sendable` type, a `Mutex` that every
/// access goes through, so the compiler can see that no two threads touch the dictionary at once.
public final class TokenStore: Sendable {
  private let tokens = Mutex<[String: String]>([:])

  /// An empty store.
  public init() {}

  /// Keeps `token` for `account`, replacing any token it had.
  public func save(_ token: String, for account: String) {
    tokens.withLock { $0[account] = token }
  }

  /// The token kept for `account`, or `nil`.
  public func token(for account: String) -> String? {
    tokens.withLock { $0[account] }
  }

  /// How many accounts have a token.
  public var count: Int {
    tokens.withLock { $0.count }
  }
}
