import Foundation
import Locking

// MARK: - when(fulfilled:)

/// Waits for every promise to fulfill and fulfills with their values, in order.
///
/// Rejects as soon as any one of them rejects, with that error, without waiting for
/// the rest: use it when the screen needs all of the results or none.
/// An empty sequence fulfills at once with `[]`. While it waits, it reports a
/// `Progress` of one unit per promise, a child of the progress current when it is called.
public func when<U: Thenable>(fulfilled thenables: [U]) -> Promise<[U.T]> {
  fulfilledValues(of: thenables)
}

/// The engine of `when(fulfilled:)` over an array, named so the other forms cannot pick the wrong overload.
private func fulfilledValues<U: Thenable>(of all: [U]) -> Promise<[U.T]> {
  guard !all.isEmpty else { return .value([]) }
  let (rp, _) = Promise<[U.T]>.pending()
  let progress = whenProgress(count: all.count)
  let collected = Locked((remaining: all.count, values: [U.T?](repeating: nil, count: all.count)))
  for (index, thenable) in all.enumerated() {
    thenable.pipe { result in
      switch result {
      case .rejected(let error):
        guard rp.isPending else { return }
        progress.finish()
        rp.settle(.rejected(error))
      case .fulfilled(let value):
        let finished: [U.T]? = collected.withLock { state in
          state.values[index] = value
          state.remaining -= 1
          return state.remaining == 0 ? state.values.compactMap { $0 } : nil
        }
        guard rp.isPending else { return }
        progress.advance()
        if let finished { rp.settle(.fulfilled(finished)) }
      }
    }
  }
  return rp
}

/// Waits for every `Promise<Void>` to fulfill; rejects as soon as one rejects.
///
/// PromiseKit returns `Promise<Void>` here rather than `Promise<[Void]>`, so that
/// `when(fulfilled: save, upload).done { … }` takes a handler with no parameter.
public func when<U: Thenable>(fulfilled thenables: [U]) -> Promise<Void> where U.T == Void {
  fulfilledValues(of: thenables).map(on: nil) { _ in }
}

/// Waits for every one of the given `Promise<Void>`s to fulfill; rejects as soon as one rejects.
public func when<U: Thenable>(fulfilled thenables: U...) -> Promise<Void> where U.T == Void {
  fulfilledValues(of: thenables).map(on: nil) { _ in }
}

/// Waits for promises and guarantees of different types, fulfilling with their values in order.
///
/// PromiseKit fulfills with `[Any]`; here the values are `any Sendable`, because a
/// promise's value crosses threads (see the library's table of differences).
@_disfavoredOverload
public func when(fulfilled thenables: [any Thenable]) -> Promise<[any Sendable]> {
  fulfilledValues(of: thenables.map { $0.asVoid() }).map(on: nil) { _ in
    thenables.compactMap { fulfilledValue(of: $0) }
  }
}

/// Waits for every promise, of any mix of types, to fulfill, and fulfills with a tuple of their values.
///
/// `when(fulfilled: user, avatar)` is a `Promise<(User, Image)>`. Rejects as soon
/// as any one of them rejects.
public func when<each U: Thenable>(fulfilled thenables: repeat each U) -> Promise<(repeat (each U).T)> {
  var count = 0
  for _ in repeat each thenables { count += 1 }
  let (rp, _) = Promise<(repeat (each U).T)>.pending()
  let progress = whenProgress(count: count)
  let remaining = Locked(count)
  let all = Pack(repeat each thenables)
  for thenable in repeat each thenables {
    thenable.pipe { result in
      switch result {
      case .rejected(let error):
        guard rp.isPending else { return }
        progress.finish()
        rp.settle(.rejected(error))
      case .fulfilled:
        let last = remaining.withLock {
          $0 -= 1
          return $0 == 0
        }
        guard rp.isPending else { return }
        progress.advance()
        if last { rp.settle(all.result()) }
      }
    }
  }
  return rp
}

/// Fulfills with the values of the promises `promiseIterator` makes, never running more than `concurrently` at once.
///
/// The iterator is asked for the next promise only when fewer than `concurrently`
/// are pending, and never by two threads at once: the way to download a thousand
/// files three at a time. Rejects as soon as one rejects, and then asks for no more;
/// rejects with ``PMKError/badInput`` when `concurrently` is not positive.
public func when<It: IteratorProtocol & SendableMetatype>(
  fulfilled promiseIterator: It, concurrently: Int
) -> Promise<[It.Element.T]> where It.Element: Thenable {
  guard concurrently > 0 else { return Promise(error: PMKError.badInput) }
  let (rp, _) = Promise<[It.Element.T]>.pending()
  ConcurrentWhen(promiseIterator, limit: concurrently, stopsOnRejection: true) { outcome in
    switch outcome {
    case .rejected(let error): rp.settle(.rejected(error))
    case .fulfilled(let results): rp.settle(.fulfilled(results.compactMap { $0.fulfilledValue }))
    }
  }.pump()
  return rp
}

// MARK: - when(resolved:)

/// Waits for every promise to settle and reports each result; never rejects.
///
/// Use it when partial success is useful (show the articles that loaded).
public func when<It: Sequence>(resolved thenables: It) -> Guarantee<[Result<It.Element.T>]>
where It.Element: Thenable {
  let all = Array(thenables)
  guard !all.isEmpty else { return .value([]) }
  let (rg, _) = Guarantee<[Result<It.Element.T>]>.pending()
  let collected = Locked(
    (remaining: all.count, results: [Result<It.Element.T>?](repeating: nil, count: all.count)))
  for (index, thenable) in all.enumerated() {
    thenable.pipe { result in
      let finished: [Result<It.Element.T>]? = collected.withLock { state in
        state.results[index] = result
        state.remaining -= 1
        return state.remaining == 0 ? state.results.compactMap { $0 } : nil
      }
      if let finished { rg.settle(.fulfilled(finished)) }
    }
  }
  return rg
}

/// Waits for every promise to settle and reports each result; never rejects.
public func when<T>(resolved thenables: Promise<T>...) -> Guarantee<[Result<T>]> {
  when(resolved: thenables)
}

/// Reports the result of every promise `promiseIterator` makes, never running more than `concurrently` at once.
///
/// A rejection does not stop it: every promise the iterator makes is waited for.
/// When `concurrently` is not positive it fulfills at once with one
/// ``PMKError/badInput`` rejection, as PromiseKit does.
public func when<It: IteratorProtocol & SendableMetatype>(
  resolved promiseIterator: It, concurrently: Int
) -> Guarantee<[Result<It.Element.T>]> where It.Element: Thenable {
  guard concurrently > 0 else { return .value([.rejected(PMKError.badInput)]) }
  let (rg, _) = Guarantee<[Result<It.Element.T>]>.pending()
  ConcurrentWhen(promiseIterator, limit: concurrently, stopsOnRejection: false) { outcome in
    if case .fulfilled(let results) = outcome { rg.settle(.fulfilled(results)) }
  }.pump()
  return rg
}

// MARK: - when(guarantees:)

/// Waits for every guarantee and fulfills with their values, in order.
public func when<T>(guarantees: [Guarantee<T>]) -> Guarantee<[T]> {
  guard !guarantees.isEmpty else { return .value([]) }
  let (rg, _) = Guarantee<[T]>.pending()
  fulfilledValues(of: guarantees).pipe { result in
    if case .fulfilled(let values) = result { rg.settle(.fulfilled(values)) }
  }
  return rg
}

/// Waits for every `Guarantee<Void>`.
public func when(guarantees: [Guarantee<Void>]) -> Guarantee<Void> {
  when(guarantees: guarantees).map(on: nil) { (_: [Void]) in }
}

/// Waits for every one of the given `Guarantee<Void>`s.
///
/// Unlabelled, as in PromiseKit: `when(saved, shown).done { … }`.
public func when(_ guarantees: Guarantee<Void>...) -> Guarantee<Void> {
  when(guarantees: guarantees)
}

/// Waits for every one of the given guarantees and fulfills with their values, in order.
public func when<T>(_ guarantees: Guarantee<T>...) -> Guarantee<[T]> {
  when(guarantees: guarantees)
}

/// Waits for guarantees of different types and fulfills with a tuple of their values.
public func when<each U: Sendable>(guarantees: repeat Guarantee<each U>) -> Guarantee<(repeat each U)> {
  let (rg, _) = Guarantee<(repeat each U)>.pending()
  when(fulfilled: repeat each guarantees).pipe { rg.settle($0) }
  return rg
}

// MARK: - Support

/// The `Progress` a `when` reports: one unit per promise, all of them once it rejects.
///
/// Created while another progress is current, it becomes that progress's child, which
/// is how a caller follows it (`becomeCurrent(withPendingUnitCount:)`, then `when`).
private func whenProgress(count: Int) -> WhenProgress {
  let progress = Progress(totalUnitCount: Int64(count))
  progress.isCancellable = false
  progress.isPausable = false
  return WhenProgress(progress: progress)
}

/// A `Progress`, which Foundation makes safe to update from any thread.
private struct WhenProgress: @unchecked Sendable {
  let progress: Progress

  func advance() {
    progress.completedUnitCount = min(progress.completedUnitCount + 1, progress.totalUnitCount)
  }

  func finish() {
    progress.completedUnitCount = progress.totalUnitCount
  }
}

/// The promises given to the tuple form of `when`, kept so their values can be read once all fulfilled.
private struct Pack<each U: Thenable>: Sendable {
  let thenables: (repeat each U)

  init(_ thenables: repeat each U) {
    self.thenables = (repeat each thenables)
  }

  func result() -> Result<(repeat (each U).T)> {
    Result(catching: { (repeat try settledValue(of: each thenables)) })
  }
}

private func settledValue<P: Thenable>(of thenable: P) throws -> P.T {
  guard let result = thenable.result else { throw PMKError.badInput }
  return try result.get()
}

private func fulfilledValue<P: Thenable>(of thenable: P) -> (any Sendable)? {
  thenable.value
}

extension Result {
  fileprivate var fulfilledValue: T? {
    if case .fulfilled(let value) = self { return value }
    return nil
  }
}
