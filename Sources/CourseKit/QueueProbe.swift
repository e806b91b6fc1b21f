import Dispatch
import LegacyKit

/// Names queues so that code can say, without trapping, which queue it runs on.
///
/// `dispatchPrecondition` would trap, and a trap takes every other result down;
/// `Thread.isMainThread` is wrong under `swift test` on Linux, where the main
/// queue is drained on another thread. A queue-specific key is neither.
public enum QueueProbe {
  private static let key = DispatchSpecificKey<String>()

  /// A serial queue whose name ``current`` reports.
  public static func make(_ name: String) -> DispatchQueue {
    let queue = DispatchQueue(label: "course.\(name)")
    queue.setSpecific(key: key, value: name)
    return queue
  }

  /// The name of the queue the caller runs on: `"main"`, a name given to ``make(_:)``, or `nil`.
  public static var current: String? {
    if MainQueue.isCurrent { return "main" }
    return DispatchQueue.getSpecific(key: key)
  }
}
