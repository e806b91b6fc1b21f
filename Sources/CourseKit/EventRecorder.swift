import Locking

/// A thread-safe list of what happened, in order, to check ordering and counts.
///
/// Legacy callbacks, handlers and view updates all append to one recorder; the
/// test then compares the list with the order the lesson promises.
public final class EventRecorder: Sendable {
  private let events = Locked<[String]>([])

  /// An empty recorder.
  public init() {}

  /// Appends `event`.
  public func record(_ event: String) {
    events.withLock { $0.append(event) }
  }

  /// Everything recorded so far, in order.
  public var all: [String] {
    events.withLock { $0 }
  }

  /// Waits until at least `count` events are recorded; returns whether they were.
  ///
  /// Gives up `seconds` after the call, or later while the machine is still busy (see ``eventually(within:_:)``).
  public func wait(for count: Int, within seconds: Double = Deadline.standard) async -> Bool {
    await eventually(within: seconds) { self.all.count >= count }
  }
}
