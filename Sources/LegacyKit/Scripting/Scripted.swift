/// A legacy service whose one call is scripted by an ``Endpoint``.
public protocol Scripted {
  associatedtype Arguments: Sendable
  associatedtype Value: Sendable
  /// The endpoint behind the service's legacy-shaped method.
  var endpoint: Endpoint<Arguments, Value> { get }
}

extension Scripted {
  /// Scripts the next calls; the last script repeats.
  public func script(_ first: Script<Value>, _ rest: Script<Value>...) {
    endpoint.replace([first] + rest)
  }

  /// The arguments of every call so far.
  public var calls: [Arguments] { endpoint.calls }

  /// The largest number of calls in flight at once.
  public var maxConcurrentCalls: Int { endpoint.maxConcurrentCalls }
}
