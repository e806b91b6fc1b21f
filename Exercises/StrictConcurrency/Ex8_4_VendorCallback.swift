// Exercise 8.4 · An SDK callback that compiles, then crashes
// Grade 3 (challenge) · Lesson: Docs/08-the-swift-6-language-mode.md#compiles-then-crashes
// Check it: swift run course check 8.4   (or: swift test --filter StrictConcurrencyTests.Ex8_4_VendorCallbackTests)
//
// `LocationScreen` shows where the user is, from a vendor's SDK (`VendorSDK`) that says nothing about
// threads and calls its completion handlers on a queue of its own. This file builds in the Swift 6
// mode already, and traps the first time the SDK answers. Make it answer: [closure-inferred-main-actor]
//   - `locate()` asks the SDK once; when the SDK answers, `shown` is its fix (or `nil`), `failed` says
//     whether it reported an error, and then `onUpdate` is called, once, all on the main actor;
//     [closure-inferred-main-actor] [update-lost]
//   - the file still builds in the Swift 6 language mode with no warning. [sent-then-used]
// You do not own `VendorSDK`, and cannot change it.
// No escape hatch (`MainActor.assumeIsolated`, `@preconcurrency`, `nonisolated(unsafe)`, `@unchecked Sendable`,
// `Task.detached`). [assume-isolated] [preconcurrency] [nonisolated-unsafe] [unchecked-sendable] [detached-task]

import VendorSDK

/// The screen that shows the user's location.
@MainActor public final class LocationScreen {
  /// The last fix the SDK reported, or `nil`.
  public private(set) var shown: LocationFix?
  /// Whether the last request failed.
  public private(set) var failed = false
  private let manager: LocationManager
  private let onUpdate: @MainActor () -> Void

  /// A screen that asks `manager`, and calls `onUpdate` each time the SDK answers, once it shows the answer.
  public init(manager: LocationManager, onUpdate: @escaping @MainActor () -> Void) {
    self.manager = manager
    self.onUpdate = onUpdate
  }

  /// Asks the SDK where the user is.
  public func locate() {
    manager.requestLocation { fix, error in
      self.shown = fix
      self.failed = error != nil
      self.onUpdate()
    }
  }
}
