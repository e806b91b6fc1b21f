// Exercise 8.1 · Global mutable state: say who may touch it
// Grade 1 (warm-up) · Lesson: Docs/08-the-swift-6-language-mode.md#global-mutable-state
// Check it: swift run course check 8.1   (or: swift test --filter StrictConcurrencyTests.Ex8_1_GlobalStateTests)
//
// Three globals from an app written before Swift 6. This file builds in the Swift 5 mode; make it
// build in the Swift 6 language mode with no warning, by saying what is true of each: [global-mutable-state]
//   - `retryLimit` is set here and never changed, and code on every thread reads it;
//     [global-mutable-state] [wrong-value]
//   - `appearance` is written and read only by screens, on the main actor, and every screen sees the
//     last value written; [global-mutable-state] [wrong-value]
//   - `countRequest()` is called, synchronously, from whatever thread a request finishes on; no
//     count is lost, and `requestsSoFar()` (any thread) is the number of calls so far.
//     [global-mutable-state] [count-not-shared]
// No escape hatch (`nonisolated(unsafe)`, `@unchecked Sendable`): each is a promise the compiler
// cannot check. [nonisolated-unsafe] [unchecked-sendable]
// Keep the names and signatures; how each is stored is yours.

import Foundation

/// How many times a failed request is tried again.
public var retryLimit = 3

/// The colour scheme every screen draws with: `"light"` or `"dark"`.
public var appearance = "light"

/// How many requests have been made since launch.
public var requestsCounted = 0

/// Counts one request. Called from the networking code's threads.
public func countRequest() {
  requestsCounted += 1
}

/// How many requests have been counted so far.
public func requestsSoFar() -> Int {
  requestsCounted
}
