// The invented SDKs of Docs/05-mainactor-delegates.md and its answers, declared just far enough for
// the lesson's code to compile: each calls its delegate on a queue of its own and holds it weakly,
// like LegacyKit's `ImageBatchLoader`. Nothing here runs; `.ci/check-lesson-code` compiles it with
// the lesson's blocks.

import Foundation

struct Peripheral: Sendable {}

/// Called on the scanner's own queue.
protocol BluetoothScannerDelegate: AnyObject, Sendable {
  func scanner(_ scanner: BluetoothScanner, didDiscover peripheral: Peripheral)
}

/// A vendor's thread-safe class: its lock guards the weak delegate.
final class BluetoothScanner: @unchecked Sendable {
  weak var delegate: (any BluetoothScannerDelegate)?
  init(delegate: any BluetoothScannerDelegate) { self.delegate = delegate }
  func start() {}
}

struct Coordinate: Sendable {}

protocol LocationTrackerDelegate: AnyObject, Sendable {
  func tracker(_ tracker: LocationTracker, didUpdate coordinate: Coordinate)
}

final class LocationTracker: @unchecked Sendable {
  weak var delegate: (any LocationTrackerDelegate)?
  init(delegate: any LocationTrackerDelegate) { self.delegate = delegate }
  func start() {}
}

/// The lesson's handler for the tracker, built like `ScanHandler`.
final class LocationHandler: LocationTrackerDelegate {
  private let onUpdate: @MainActor @Sendable (Coordinate) -> Void
  init(onUpdate: @escaping @MainActor @Sendable (Coordinate) -> Void) { self.onUpdate = onUpdate }
  func tracker(_ tracker: LocationTracker, didUpdate coordinate: Coordinate) {
    let onUpdate = self.onUpdate
    Task { @MainActor in onUpdate(coordinate) }
  }
}

struct Message: Sendable {}

protocol ChatConnectionDelegate: AnyObject, Sendable {
  func connection(_ connection: ChatConnection, didReceive message: Message)
}

final class ChatConnection: @unchecked Sendable {
  weak var delegate: (any ChatConnectionDelegate)?
  init(room: String, delegate: any ChatConnectionDelegate) { self.delegate = delegate }
  func open() {}
}

protocol DownloadSessionDelegate: AnyObject, Sendable {
  func download(_ session: DownloadSession, didReceive chunk: Data)
  func downloadDidComplete(_ session: DownloadSession)
}

/// A vendor's thread-safe download: `cancel()` may be called from any thread.
final class DownloadSession: @unchecked Sendable {
  weak var delegate: (any DownloadSessionDelegate)?
  init(url: URL, delegate: any DownloadSessionDelegate) { self.delegate = delegate }
  func resume() {}
  func cancel() {}
}

/// A system sign-in sheet, delegate style: while it is showing, another `present()` changes nothing,
/// and the delegate hears once, when the user is done.
@MainActor
protocol SignInSheetDelegate: AnyObject {
  func signInSheet(_ sheet: SignInSheet, didFinishWith account: String?)
}

@MainActor
final class SignInSheet {
  weak var delegate: (any SignInSheetDelegate)?
  func present() {}
}
