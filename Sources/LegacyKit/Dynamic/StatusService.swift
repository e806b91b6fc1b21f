/// An Objective-C-era service whose callback hands back one untyped object: a value, an error, or nil.
///
/// `nil` means "no status yet", which is a valid answer, not a failure; an error
/// object means failure. Wrapping it in an `AnyPromise` gets both right for free,
/// if you let the promise read the object instead of reading it yourself.
public final class StatusService: Scripted, Sendable {
  /// Behind ``fetchStatus(completion:)``; `.neither` delivers `nil`.
  public let endpoint = Endpoint<Void, String>(.succeed("online"))

  /// A service that answers "online" at once until scripted otherwise.
  public init() {}

  /// Calls `completion` with the status string, an `Error`, or `nil`.
  public func fetchStatus(completion: @escaping @Sendable ((any Sendable)?) -> Void) {
    endpoint.call(()) { reply in
      switch reply {
      case .value(let status): completion(status)
      case .error(let error), .both(_, let error): completion(error)
      case .neither: completion(nil)
      }
    }
  }
}
