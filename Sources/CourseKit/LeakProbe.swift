import Locking
import Testing

/// Watches objects through weak references and fails a test that leaves one alive.
///
/// A retain cycle between a chain's closures and the object that owns the chain
/// keeps both alive forever; under ARC that is a leak nobody sees. Track the
/// object, drop your references, then expect it gone.
///
/// ```swift
/// let probe = LeakProbe()
/// probe.track(viewModel, "the view model")
/// viewModel = nil
/// await probe.expectAllReleased()
/// ```
public final class LeakProbe: Sendable {
  private struct Watched {
    weak var object: (AnyObject & Sendable)?
    let name: String
  }

  private let watched = Locked<[Watched]>([])

  /// A probe watching nothing yet.
  public init() {}

  /// Starts watching `object`, named `name` in the failure message.
  public func track(_ object: some AnyObject & Sendable, _ name: String) {
    watched.withLock { $0.append(Watched(object: object, name: name)) }
  }

  /// The names of the watched objects that are still alive.
  public var alive: [String] {
    watched.withLock { $0.filter { $0.object != nil }.map(\.name) }
  }

  /// Waits for every watched object to be released, then records an issue for each survivor.
  ///
  /// Gives up `seconds` after the call, or later while the machine is still busy (see ``eventually(within:_:)``).
  public func expectAllReleased(
    within seconds: Double = Deadline.standard, _ lesson: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    _ = await eventually(within: seconds) { self.alive.isEmpty }
    for name in alive {
      let why = lesson.isEmpty ? "" : " \(lesson)"
      Issue.record(
        "\(name) is still alive after everything let go of it: something keeps a strong reference.\(why)",
        sourceLocation: sourceLocation)
    }
  }
}
