import Locking

/// An Objective-C-era service whose callback hands back one untyped object: a status string, an error,
/// or nil, and from a newer server an object of another kind (``objectInPlaceOfStatus``).
///
/// `nil` means "no status yet", which is a valid answer, not a failure; an error
/// object means failure. Wrapping it in an `AnyPromise` gets both right for free,
/// if you let the promise read the object instead of reading it yourself.
public final class StatusService: Scripted, Sendable {
  /// Behind ``fetchStatus(completion:)``; `.neither` delivers `nil`.
  public let endpoint = Endpoint<Void, String>(.succeed("online"))

  private let other = Locked<(any Sendable)?>(nil)

  /// When set, what the service sends where the script has a status string: an object of another
  /// kind (a number, a dictionary, a model), as a newer server might send, which the callback hands
  /// over untouched like every other answer. Tests set it to show that a wrapper passes on what it
  /// did not expect; `nil` (the default) sends the scripted string.
  public var objectInPlaceOfStatus: (any Sendable)? {
    get { other.withLock { $0 } }
    set { other.withLock { $0 = newValue } }
  }

  /// A service that answers "online" at once until scripted otherwise.
  public init() {}

  /// Calls `completion` with the status string, an `Error`, or `nil`.
  public func fetchStatus(completion: @escaping @Sendable ((any Sendable)?) -> Void) {
    endpoint.call(()) { reply in
      switch reply {
      case .value(let status): completion(self.objectInPlaceOfStatus ?? status)
      case .error(let error), .both(_, let error): completion(error)
      case .neither: completion(nil)
      }
    }
  }
}
