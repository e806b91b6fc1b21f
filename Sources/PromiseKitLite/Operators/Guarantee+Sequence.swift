import Dispatch

// The sequence helpers of `Thenable+Sequence.swift` for guarantees: with handlers that
// cannot fail, the result is still a `Guarantee`, so the chain still needs no `catch`.

extension Guarantee where T: Sequence, T.Element: Sendable {
  /// Transforms each element.
  @inlinable
  public func mapValues<U: Sendable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ transform: @escaping @Sendable (T.Element) -> U
  ) -> Guarantee<[U]> {
    map(on: queue, flags: flags) { $0.map(transform) }
  }

  /// Reads the property `keyPath` names from each element.
  @inlinable
  public func mapValues<U: Sendable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ keyPath: KeyPath<T.Element, U> & Sendable
  ) -> Guarantee<[U]> {
    map(on: queue, flags: flags) { $0.map { $0[keyPath: keyPath] } }
  }

  /// Transforms each element into a sequence and concatenates them.
  @inlinable
  public func flatMapValues<U: Sequence & SendableMetatype>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ transform: @escaping @Sendable (T.Element) -> U
  ) -> Guarantee<[U.Element]> where U.Element: Sendable {
    map(on: queue, flags: flags) { $0.flatMap(transform) }
  }

  /// Transforms each element and keeps the non-`nil` results.
  @inlinable
  public func compactMapValues<U: Sendable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ transform: @escaping @Sendable (T.Element) -> U?
  ) -> Guarantee<[U]> {
    map(on: queue, flags: flags) { $0.compactMap(transform) }
  }

  /// Reads the optional property `keyPath` names from each element and keeps the non-`nil` ones.
  @inlinable
  public func compactMapValues<U: Sendable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ keyPath: KeyPath<T.Element, U?> & Sendable
  ) -> Guarantee<[U]> {
    map(on: queue, flags: flags) { $0.compactMap { $0[keyPath: keyPath] } }
  }

  /// Starts one guarantee per element and fulfills with all their values, in order.
  @inlinable
  public func thenMap<U: Sendable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ transform: @escaping @Sendable (T.Element) -> Guarantee<U>
  ) -> Guarantee<[U]> {
    then(on: queue, flags: flags) { values in
      when(guarantees: values.map(transform))
    }
  }

  /// Starts one guarantee of a sequence per element and concatenates their values.
  @inlinable
  public func thenFlatMap<U: Sequence & Sendable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ transform: @escaping @Sendable (T.Element) -> Guarantee<U>
  ) -> Guarantee<[U.Element]> where U.Element: Sendable {
    thenMap(on: queue, flags: flags, transform).map(on: nil) { $0.flatMap { $0 } }
  }

  /// Keeps the elements for which `isIncluded` returns `true`.
  @inlinable
  public func filterValues(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ isIncluded: @escaping @Sendable (T.Element) -> Bool
  ) -> Guarantee<[T.Element]> {
    map(on: queue, flags: flags) { $0.filter(isIncluded) }
  }

  /// Keeps the elements whose Boolean property `keyPath` is `true`.
  @inlinable
  public func filterValues(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ keyPath: KeyPath<T.Element, Bool> & Sendable
  ) -> Guarantee<[T.Element]> {
    map(on: queue, flags: flags) { $0.filter { $0[keyPath: keyPath] } }
  }

  /// The elements ordered by `areInIncreasingOrder`.
  @inlinable
  public func sortedValues(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    by areInIncreasingOrder: @escaping @Sendable (T.Element, T.Element) -> Bool
  ) -> Guarantee<[T.Element]> {
    map(on: queue, flags: flags) { $0.sorted(by: areInIncreasingOrder) }
  }
}

extension Guarantee where T: Sequence, T.Element: Comparable & Sendable {
  /// The elements in ascending order.
  @inlinable
  public func sortedValues(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil
  ) -> Guarantee<[T.Element]> {
    map(on: queue, flags: flags) { $0.sorted() }
  }
}

extension Guarantee {
  /// Reads the property `keyPath` names from the value.
  @inlinable
  public func map<U: Sendable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ keyPath: KeyPath<T, U> & Sendable
  ) -> Guarantee<U> {
    map(on: queue, flags: flags) { $0[keyPath: keyPath] }
  }
}
