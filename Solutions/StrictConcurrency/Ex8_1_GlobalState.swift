// Exercise 8.1 · Global mutable state: say who may touch it · solution

import Synchronization

/// How many times a failed request is tried again. It never changes: a `let` of a `Sendable` type
/// is safe to read from any thread.
public let retryLimit = 3

/// The colour scheme every screen draws with: `"light"` or `"dark"`. Only screens touch it, so it
/// belongs to the main actor.
@MainActor public var appearance = "light"

/// How many requests have been made since launch. Every thread counts, synchronously, so the count
/// lives behind a lock; the `let` is the mutex, never copied.
let requestsCounted = Mutex(0)

/// Counts one request. Called from the networking code's threads.
public func countRequest() {
  requestsCounted.withLock { $0 += 1 }
}

/// How many requests have been counted so far.
public func requestsSoFar() -> Int {
  requestsCounted.withLock { $0 }
}
