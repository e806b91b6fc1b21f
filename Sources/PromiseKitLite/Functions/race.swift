import Locking

/// Settles like whichever promise settles first, fulfilled or rejected.
///
/// The classic use is a timeout: `race(fetch(), after(seconds: 5).then { throw Timeout() })`.
/// The losers keep running; `race` only stops listening to them.
/// Rejects with ``PMKError/badInput`` when given no promises.
public func race<U: Thenable>(_ thenables: [U]) -> Promise<U.T> {
  guard !thenables.isEmpty else { return Promise(error: PMKError.badInput) }
  let (rp, _) = Promise<U.T>.pending()
  for thenable in thenables {
    thenable.pipe { rp.settle($0) }
  }
  return rp
}

/// Settles like whichever of the given promises settles first.
public func race<U: Thenable>(_ first: U, _ rest: U...) -> Promise<U.T> {
  race([first] + rest)
}

/// Fulfills like whichever of the given guarantees fulfills first; a guarantee cannot lose by failing.
public func race<T>(_ guarantees: Guarantee<T>...) -> Guarantee<T> {
  let (rg, _) = Guarantee<T>.pending()
  for guarantee in guarantees {
    guarantee.pipe { rg.settle($0) }
  }
  return rg
}

/// Fulfills like the first promise to fulfill; rejects only when all of them reject.
///
/// Rejects with ``PMKError/noWinner`` when every promise rejects, and with
/// ``PMKError/badInput`` when given none.
public func race<U: Thenable>(fulfilled thenables: [U]) -> Promise<U.T> {
  guard !thenables.isEmpty else { return Promise(error: PMKError.badInput) }
  let (rp, _) = Promise<U.T>.pending()
  let remaining = Locked(thenables.count)
  for thenable in thenables {
    thenable.pipe { result in
      switch result {
      case .fulfilled:
        rp.settle(result)
      case .rejected:
        if remaining.withLock({
          $0 -= 1; return $0 == 0
        }) {
          rp.settle(.rejected(PMKError.noWinner))
        }
      }
    }
  }
  return rp
}
