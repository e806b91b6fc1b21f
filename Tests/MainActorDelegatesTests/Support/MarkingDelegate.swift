import CourseKit
import Foundation
import LegacyKit

/// Forwards every call to the delegate under test, and writes to standard error before and after each
/// one, so that a child process that traps shows whether it trapped inside the delegate method, and on
/// which queue.
///
/// Some traps leave no message: a failed isolation check (`MainActor.assumeIsolated` off the main
/// actor) and `DispatchQueue.main.sync` on the main queue both end in libdispatch, which writes
/// nothing on Linux. What the test saw (a trap inside the call, on this queue) is then the whole
/// observation, and the failure says that much and no more.
final class MarkingDelegate<Target: ImageBatchLoaderDelegate & Sendable>: ImageBatchLoaderDelegate, Sendable {
  private let target: Target

  /// A delegate that forwards to `target`; the loader holds it weakly, so keep it alive.
  init(_ target: Target) {
    self.target = target
  }

  func imageLoader(_ loader: ImageBatchLoader, didLoadBatch batch: [UIImage]) {
    DelegateCallMarks.write("\(DelegateCallMarks.calling)\(QueueProbe.current ?? "an unnamed queue")")
    target.imageLoader(loader, didLoadBatch: batch)
    DelegateCallMarks.write(DelegateCallMarks.returned)
  }

  func imageLoaderDidFinish(_ loader: ImageBatchLoader) {
    target.imageLoaderDidFinish(loader)
  }
}

/// The marks a ``MarkingDelegate`` leaves in a child's standard error, and how the parent reads them.
enum DelegateCallMarks {
  static let calling = "DELEGATE CALLED ON "
  static let returned = "DELEGATE RETURNED"

  static func write(_ line: String) {
    FileHandle.standardError.write(Data("\(line)\n".utf8))
  }

  /// The queue of a delegate call that never returned, when the child's output shows one.
  static func unreturnedCall(in errorOutput: String) -> String? {
    var open: String?
    for line in errorOutput.split(separator: "\n") {
      if line.hasPrefix(calling) { open = String(line.dropFirst(calling.count)) }
      if line.hasPrefix(returned) { open = nil }
    }
    return open
  }
}
