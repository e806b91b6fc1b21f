import Dispatch

/// Tells, without trapping, whether code runs on the main queue.
///
/// UI code must run on the main queue. Under `swift test` on Linux the main queue
/// is drained on a thread that is not the process's main thread, so
/// `Thread.isMainThread` cannot tell; a queue-specific key can.
public enum MainQueue {
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// `true` when the caller runs on the main queue.
  public static var isCurrent: Bool {
    DispatchQueue.getSpecific(key: key) ?? false
  }
}
