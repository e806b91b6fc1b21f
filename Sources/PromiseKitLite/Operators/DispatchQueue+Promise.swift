import Dispatch

extension DispatchQueue {
  /// Runs `body` on this queue and returns a guarantee of its value.
  ///
  /// The way to move a computation off the main thread and keep the chain:
  /// `DispatchQueue.global().async(.promise) { md5(data) }.done { show($0) }`.
  /// A body that cannot throw makes a ``Guarantee``; one that throws, a ``Promise``.
  public func async<T: Sendable>(
    _: PMKNamespacer, group: DispatchGroup? = nil, qos: DispatchQoS = .default,
    flags: DispatchWorkItemFlags = [], execute body: @escaping @Sendable () -> T
  ) -> Guarantee<T> {
    let (rg, _) = Guarantee<T>.pending()
    async(group: group, qos: qos, flags: flags) {
      rg.settle(.fulfilled(body()))
    }
    return rg
  }

  /// Runs `body` on this queue and returns a promise of its value; a `throw` rejects it.
  public func async<T: Sendable>(
    _: PMKNamespacer, group: DispatchGroup? = nil, qos: DispatchQoS = .default,
    flags: DispatchWorkItemFlags = [], execute body: @escaping @Sendable () throws -> T
  ) -> Promise<T> {
    let (rp, _) = Promise<T>.pending()
    async(group: group, qos: qos, flags: flags) {
      rp.settle(Result(catching: body))
    }
    return rp
  }
}
