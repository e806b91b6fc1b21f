import Dispatch

/// What `catch` returns: the end of a chain, with one last hook that runs on both paths.
public final class PMKFinalizer: Sendable {
  @usableFromInline
  let done = Guarantee<Void>.pending()

  @usableFromInline
  init() {}

  @usableFromInline
  func settle() {
    done.resolve(())
  }

  /// Runs `body` once the chain has ended, whether it fulfilled or was caught.
  public func finally(
    on queue: DispatchQueue? = conf.Q.return, flags: DispatchWorkItemFlags? = nil,
    _ body: @escaping @Sendable () -> Void
  ) {
    let target = HandlerQueue(queue, flags)
    done.guarantee.pipe { _ in target.async(body) }
  }
}
