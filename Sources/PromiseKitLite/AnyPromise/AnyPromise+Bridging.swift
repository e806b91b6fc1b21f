extension AnyPromise {
  /// Exposes a typed promise to dynamic callers: fulfills with its value, rejects with its error.
  ///
  /// A value that is itself an `Error` (a fulfilled `Promise<any Error>`) rejects, as in
  /// PromiseKit 8, where an `AnyPromise` that holds an error is rejected however it got there.
  public convenience init<U: Thenable>(_ thenable: U) {
    let (storage, _) = Promise<Values>.pending()
    self.init(storage: storage)
    thenable.pipe { result in
      if case .fulfilled(let value) = result, let error = value as? any Error {
        storage.settle(.rejected(error))
      } else {
        storage.settle(result.map { Values([$0]) })
      }
    }
  }

  /// The same resolution as an untyped `Promise`.
  public func asPromise() -> Promise<(any Sendable)?> {
    Promise(self)
  }
}

extension Promise {
  /// Adopts a dynamic promise as a typed one.
  ///
  /// A fulfilled value of type `T` fulfills; a value of any other type rejects
  /// with ``AnyPromise/CastError`` naming both types, where a forced cast would
  /// have crashed the app. A rejection passes through.
  public convenience init(_ anyPromise: AnyPromise) {
    self.init { seal in
      anyPromise.storage.pipe { result in
        switch result {
        case .fulfilled(let values):
          let value = values.first
          if let typed = value as? T {
            seal.fulfill(typed)
          } else {
            seal.reject(AnyPromise.CastError(expected: T.self, actual: value))
          }
        case .rejected(let error):
          seal.reject(error)
        }
      }
    }
  }
}

extension Promise: AnyPromiseConvertible {
  func asAnyPromise() -> AnyPromise { AnyPromise(self) }
}

extension Guarantee: AnyPromiseConvertible {
  func asAnyPromise() -> AnyPromise { AnyPromise(self) }
}
