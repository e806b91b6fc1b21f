/// The tag that picks PromiseKit's promise-returning overload of a system API: `async(.promise)`.
///
/// A label alone cannot tell `DispatchQueue.async(execute:)` from its promise-returning
/// twin, since both take a closure; an argument of this one-case type can.
public enum PMKNamespacer: Sendable {
  /// Selects the promise-returning overload.
  case promise
}
