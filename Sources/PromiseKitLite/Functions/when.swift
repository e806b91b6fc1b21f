import Locking

/// Waits for every promise to fulfill and fulfills with their values, in order.
///
/// Rejects as soon as any one of them rejects, with that error, without waiting for
/// the rest: use it when the screen needs all of the results or none.
/// An empty sequence fulfills at once with `[]`.
public func when<It: Sequence>(fulfilled thenables: It) -> Promise<[It.Element.T]>
where It.Element: Thenable {
  let all = Array(thenables)
  guard !all.isEmpty else { return .value([]) }
  let (rp, _) = Promise<[It.Element.T]>.pending()
  let collected = Locked((remaining: all.count, values: [It.Element.T?](repeating: nil, count: all.count)))
  for (index, thenable) in all.enumerated() {
    thenable.pipe { result in
      switch result {
      case .failure(let error):
        rp.settle(.failure(error))
      case .success(let value):
        let finished: [It.Element.T]? = collected.withLock { state in
          state.values[index] = value
          state.remaining -= 1
          return state.remaining == 0 ? state.values.compactMap { $0 } : nil
        }
        if let finished { rp.settle(.success(finished)) }
      }
    }
  }
  return rp
}

/// Waits for every `Promise<Void>` to fulfill; rejects as soon as one rejects.
public func when<It: Sequence>(fulfilled thenables: It) -> Promise<Void>
where It.Element: Thenable, It.Element.T == Void {
  when(fulfilled: thenables).map(on: nil) { (_: [Void]) in }
}

/// Waits for every promise, of any mix of types, to fulfill, and fulfills with a tuple of their values.
///
/// `when(fulfilled: user, avatar)` is a `Promise<(User, Image)>`. Rejects as soon
/// as any one of them rejects.
public func when<each U: Thenable>(fulfilled thenables: repeat each U) -> Promise<(repeat (each U).T)> {
  var count = 0
  for _ in repeat each thenables { count += 1 }
  let (rp, _) = Promise<(repeat (each U).T)>.pending()
  let remaining = Locked(count)
  let all = Pack(repeat each thenables)
  for thenable in repeat each thenables {
    thenable.pipe { result in
      switch result {
      case .failure(let error):
        rp.settle(.failure(error))
      case .success:
        if remaining.withLock({
          $0 -= 1; return $0 == 0
        }) {
          rp.settle(Result { try all.values() })
        }
      }
    }
  }
  return rp
}

/// Waits for every promise to settle and reports each result; never rejects.
///
/// Use it when partial success is useful (show the articles that loaded).
public func when<It: Sequence>(resolved thenables: It) -> Guarantee<[Result<It.Element.T, any Error>]>
where It.Element: Thenable {
  let all = Array(thenables)
  guard !all.isEmpty else { return .value([]) }
  let (rg, _) = Guarantee<[Result<It.Element.T, any Error>]>.pending()
  let collected = Locked(
    (remaining: all.count, results: [Result<It.Element.T, any Error>?](repeating: nil, count: all.count)))
  for (index, thenable) in all.enumerated() {
    thenable.pipe { result in
      let finished: [Result<It.Element.T, any Error>]? = collected.withLock { state in
        state.results[index] = result
        state.remaining -= 1
        return state.remaining == 0 ? state.results.compactMap { $0 } : nil
      }
      if let finished { rg.settle(.success(finished)) }
    }
  }
  return rg
}

/// Waits for every promise to settle and reports each result; never rejects.
public func when<T>(resolved thenables: Promise<T>...) -> Guarantee<[Result<T, any Error>]> {
  when(resolved: thenables)
}

/// The promises given to the tuple form of `when`, kept so their values can be read once all fulfilled.
private struct Pack<each U: Thenable>: Sendable {
  let thenables: (repeat each U)

  init(_ thenables: repeat each U) {
    self.thenables = (repeat each thenables)
  }

  func values() throws -> (repeat (each U).T) {
    (repeat try fulfilledValue(of: each thenables))
  }
}

private func fulfilledValue<P: Thenable>(of thenable: P) throws -> P.T {
  guard let result = thenable.result else { throw PMKError.badInput }
  return try result.get()
}
