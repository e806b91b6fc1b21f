extension AnyPromise {
  /// Several values resolved at once, to feed handlers of two or three parameters.
  ///
  /// Objective-C's `PMKManifold(a, b)`: resolving with it fulfills the promise with
  /// up to three values; a `then` with two parameters receives the first two, a
  /// `then` with one receives the first. Values past the third are dropped, as in
  /// the original.
  public struct Manifold: Sendable {
    let values: [(any Sendable)?]

    /// Packs up to three values; any beyond the third are ignored.
    public init(_ values: (any Sendable)?...) {
      self.values = Array(values.prefix(3))
    }
  }
}
