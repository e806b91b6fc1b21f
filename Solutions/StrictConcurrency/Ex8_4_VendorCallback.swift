// Exercise 8.4 · An SDK callback that compiles, then crashes · solution

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
    // Written here, a closure would belong to the main actor, and Swift 6 checks that where it
    // starts: the SDK calls it on its own queue, and the check traps. `@Sendable` says it may run
    // anywhere; it touches nothing of the screen's until it has hopped back to the main actor.
    // The SDK's `LocationFix` says nothing about `Sendable`, so the fix itself cannot cross: its two
    // `Double`s can.
    manager.requestLocation { @Sendable fix, error in
      let reading = fix.map { (latitude: $0.latitude, longitude: $0.longitude) }
      let failed = error != nil
      Task { @MainActor in
        self.show(reading, failed: failed)
      }
    }
  }

  private func show(_ reading: (latitude: Double, longitude: Double)?, failed: Bool) {
    shown = reading.map { LocationFix(latitude: $0.latitude, longitude: $0.longitude) }
    self.failed = failed
    onUpdate()
  }
}
