import Dispatch

// PromiseKit's helpers for promises of sequences: each one is `map` or `then` over the
// fulfilled sequence, named so that a chain over a list of items reads as one sentence.

extension Thenable where T: Sequence, T.Element: Sendable {
  /// Transforms each element of a fulfilled sequence; a `throw` rejects the chain.
  @inlinable
  public func mapValues<U: Sendable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ transform: @escaping @Sendable (T.Element) throws -> U
  ) -> Promise<[U]> {
    map(on: queue, flags: flags) { try $0.map(transform) }
  }

  /// Reads the property `keyPath` names from each element: `users.mapValues(\.name)`.
  @inlinable
  public func mapValues<U: Sendable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ keyPath: KeyPath<T.Element, U> & Sendable
  ) -> Promise<[U]> {
    map(on: queue, flags: flags) { $0.map { $0[keyPath: keyPath] } }
  }

  /// Transforms each element into a sequence and concatenates them: `[1, 2]` → `[1, 1, 2, 2]`.
  @inlinable
  public func flatMapValues<U: Sequence & SendableMetatype>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ transform: @escaping @Sendable (T.Element) throws -> U
  ) -> Promise<[U.Element]> where U.Element: Sendable {
    map(on: queue, flags: flags) { try $0.flatMap(transform) }
  }

  /// Transforms each element and keeps the non-`nil` results: `["1", "a"]` → `[1]`.
  @inlinable
  public func compactMapValues<U: Sendable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ transform: @escaping @Sendable (T.Element) throws -> U?
  ) -> Promise<[U]> {
    map(on: queue, flags: flags) { try $0.compactMap(transform) }
  }

  /// Reads the optional property `keyPath` names from each element and keeps the non-`nil` ones.
  @inlinable
  public func compactMapValues<U: Sendable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ keyPath: KeyPath<T.Element, U?> & Sendable
  ) -> Promise<[U]> {
    map(on: queue, flags: flags) { $0.compactMap { $0[keyPath: keyPath] } }
  }

  /// Starts one promise per element and fulfills with all their values, in order.
  ///
  /// `when(fulfilled:)` over the promises `transform` returns: one rejection rejects the chain.
  @inlinable
  public func thenMap<U: Thenable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ transform: @escaping @Sendable (T.Element) throws -> U
  ) -> Promise<[U.T]> {
    then(on: queue, flags: flags) { values in
      when(fulfilled: try values.map(transform))
    }
  }

  /// Starts one promise of a sequence per element and concatenates their values.
  @inlinable
  public func thenFlatMap<U: Thenable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ transform: @escaping @Sendable (T.Element) throws -> U
  ) -> Promise<[U.T.Element]> where U.T: Sequence, U.T.Element: Sendable {
    thenMap(on: queue, flags: flags, transform).map(on: nil) { $0.flatMap { $0 } }
  }

  /// Keeps the elements for which `isIncluded` returns `true`.
  @inlinable
  public func filterValues(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ isIncluded: @escaping @Sendable (T.Element) -> Bool
  ) -> Promise<[T.Element]> {
    map(on: queue, flags: flags) { $0.filter(isIncluded) }
  }

  /// Keeps the elements whose Boolean property `keyPath` is `true`: `articles.filterValues(\.isPublished)`.
  @inlinable
  public func filterValues(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ keyPath: KeyPath<T.Element, Bool> & Sendable
  ) -> Promise<[T.Element]> {
    map(on: queue, flags: flags) { $0.filter { $0[keyPath: keyPath] } }
  }

  /// The first element of a fulfilled sequence; rejects with ``PMKError/emptySequence`` when there is none.
  @inlinable
  public var firstValue: Promise<T.Element> {
    map(on: nil) { values in
      guard let first = values.first(where: { _ in true }) else { throw PMKError.emptySequence }
      return first
    }
  }

  /// The first element that passes `test`; rejects with ``PMKError/emptySequence`` when none does.
  @inlinable
  public func firstValue(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    where test: @escaping @Sendable (T.Element) -> Bool
  ) -> Promise<T.Element> {
    map(on: queue, flags: flags) { values in
      guard let first = values.first(where: test) else { throw PMKError.emptySequence }
      return first
    }
  }
}

extension Thenable where T: Collection, T.Element: Sendable {
  /// The last element of a fulfilled collection; rejects with ``PMKError/emptySequence`` when it is empty.
  @inlinable
  public var lastValue: Promise<T.Element> {
    map(on: nil) { values in
      guard !values.isEmpty else { throw PMKError.emptySequence }
      return values[values.index(values.startIndex, offsetBy: values.count - 1)]
    }
  }
}

extension Thenable where T: Sequence, T.Element: Comparable & Sendable {
  /// The elements in ascending order.
  @inlinable
  public func sortedValues(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil
  ) -> Promise<[T.Element]> {
    map(on: queue, flags: flags) { $0.sorted() }
  }
}

extension Thenable {
  /// Reads the property `keyPath` names from the value: `user.map(\.name)`.
  @inlinable
  public func map<U: Sendable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ keyPath: KeyPath<T, U> & Sendable
  ) -> Promise<U> {
    map(on: queue, flags: flags) { $0[keyPath: keyPath] }
  }

  /// Reads the optional property `keyPath` names, rejecting with ``PMKError/compactMap(_:_:)`` when it is `nil`.
  @inlinable
  public func compactMap<U: Sendable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ keyPath: KeyPath<T, U?> & Sendable
  ) -> Promise<U> {
    compactMap(on: queue, flags: flags) { $0[keyPath: keyPath] }
  }
}
