import Dispatch

extension Thenable where T: Sequence, T.Element: Sendable {
  /// Transforms each element of a fulfilled sequence.
  public func mapValues<U: Sendable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ transform: @escaping @Sendable (T.Element) throws -> U
  ) -> Promise<[U]> {
    map(on: queue, flags: flags) { try $0.map(transform) }
  }

  /// The first element of a fulfilled sequence; rejects with ``PMKError/emptySequence`` when there is none.
  public var firstValue: Promise<T.Element> {
    map(on: nil) { values in
      guard let first = values.first(where: { _ in true }) else { throw PMKError.emptySequence }
      return first
    }
  }
}
