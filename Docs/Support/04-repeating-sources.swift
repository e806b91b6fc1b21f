// The invented repeating sources of Docs/04-repeating-sources.md and its answers, declared just far
// enough for the lesson's code to compile. Nothing here runs; `.ci/check-lesson-code` compiles it
// with the lesson's blocks. The globals at the end stand for what a block's surrounding code holds.

import Foundation

/// A workout that reports the heart rate until it ends, saved or discarded.
struct WorkoutSession: Sendable {
  enum Outcome: Sendable { case saved, discarded }
  func start(onHeartRate: @escaping @Sendable (Int) -> Void, onEnd: @escaping @Sendable (Outcome) -> Void) {}
}

/// An observer-registration API: register returns a token; unregister with it.
struct BatteryMonitor: Sendable {
  struct Observer: Sendable {}
  func addObserver(_ handler: @escaping @Sendable (Int) -> Void) -> Observer { Observer() }
  func removeObserver(_ observer: Observer) {}
}

/// A barcode a scanner read.
struct Barcode: Sendable {}

/// What an inventory screen counted, and how its scanner's feed ended.
struct InventoryCount: Sendable {
  enum Result: Sendable {
    case complete, abandoned
    case scannerFailed(any Error)
  }
  var scans: [Barcode]
  var result: Result
}

enum SensorError: Error {
  case linkLost(code: Int)
}

/// A sensor that can fail mid-stream.
struct HeartRateSensor: Sendable {
  enum DisconnectReason: Sendable {
    case closedByUser, batteryLow
    case linkLost(Int)
  }
  func connect(
    onReading: @escaping @Sendable (Int) -> Void, onDisconnect: @escaping @Sendable (DisconnectReason) -> Void
  ) {}
  func disconnect() {}
}

struct Coordinate: Sendable {}

struct LocationFeed: Sendable {
  struct Listener: Sendable {}
  func addListener(_ handler: @escaping @Sendable (Coordinate) -> Void) -> Listener { Listener() }
  func removeListener(_ listener: Listener) {}
}

/// A barcode scanner that calls back once per barcode, with the stream the lesson arrives at.
struct BarcodeScanner: Sendable {
  func start(_ handler: @escaping @Sendable (String) -> Void) {}
  func codes() -> AsyncStream<String> { AsyncStream { $0.finish() } }
}

struct Presence: Sendable {}

final class PresenceFeed: Sendable {
  struct ListenerID: Sendable {}
  func addListener(_ handler: @escaping @Sendable (Presence) -> Void) -> ListenerID { ListenerID() }
  func removeListener(_ listener: ListenerID) {}
}

/// Whatever shows a value: a label, a chart, a cart.
struct Display: Sendable {
  func show(_ text: String) {}
  func showLevel(_ level: Int) {}
  func append(_ value: Int) {}
  func add(_ code: String) {}
}

/// A label whose text is set from the consuming loop.
final class Label: Sendable {
  var text: String {
    get { "" }
    set {}
  }
}

func showSummary() {}

var session: WorkoutSession { WorkoutSession() }
var heartRateLabel: Label { Label() }
var sensor: HeartRateSensor { HeartRateSensor() }
var chart: Display { Display() }
var status: Display { Display() }
var scanner: BarcodeScanner { BarcodeScanner() }
var cart: Display { Display() }
var battery: BatteryMonitor { BatteryMonitor() }
var header: Display { Display() }
var settings: Display { Display() }
