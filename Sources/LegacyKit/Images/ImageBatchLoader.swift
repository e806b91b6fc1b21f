import Dispatch
import Foundation
import Locking

/// The delegate of an ``ImageBatchLoader``: third-party code that knows nothing of actors.
///
/// Its methods are called on the loader's background queue, never on the main
/// thread, which is the whole difficulty for a `@MainActor` view model.
public protocol ImageBatchLoaderDelegate: AnyObject {
  /// A batch of images arrived (on a background queue).
  func imageLoader(_ loader: ImageBatchLoader, didLoadBatch batch: [UIImage])
  /// The loader delivered its last batch (on a background queue).
  func imageLoaderDidFinish(_ loader: ImageBatchLoader)
}

extension ImageBatchLoaderDelegate {
  /// Most delegates only care about batches.
  public func imageLoaderDidFinish(_ loader: ImageBatchLoader) {}
}

/// A third-party image loader that delivers batches to a weakly held delegate, on a background queue.
///
/// It holds its delegate weakly, as UIKit-era APIs do: a delegate nobody else keeps
/// alive is gone before the first batch, and every batch is silently lost.
/// Scripted with a ``Plan`` (how many batches, how fast); it records what it
/// delivered so tests can see what was lost. Like many third-party SDK classes, it
/// guards its own state with a lock and may be used from any thread.
public final class ImageBatchLoader: @unchecked Sendable {
  // `delegate` is the SDK's weak reference; every access goes through `lock`.
  /// How a scripted load unfolds.
  public struct Plan: Sendable {
    /// How many batches it delivers.
    public var batches: Int
    /// How many images each batch holds.
    public var imagesPerBatch: Int
    /// Time between batches, in seconds; 0 delivers them back to back.
    public var interval: TimeInterval
    /// The queue the delegate is called on; the loader's own serial background queue when `nil`.
    /// A concurrent queue here makes the SDK itself deliver batches in no particular order.
    public var queue: DispatchQueue?
    /// Whether the loader needs an owner, as some SDK objects do (`CLLocationManager` is one): its
    /// scheduled deliveries then hold it weakly, so a loader that nobody keeps is released, and every
    /// batch with it. Off by default: then the loader keeps itself alive until it has finished.
    public var needsAnOwner: Bool
    /// Called on the loader's queue once a scheduled batch is done with: after the delegate returned
    /// from it (`true`), or when it found no delegate, a stopped loader or no loader at all (`false`). A test's way to know
    /// that a batch has been handed over, say to a task now waiting for the main actor, when it cannot
    /// see the loader itself.
    public var afterEachBatch: (@Sendable (_ index: Int, _ delegateCalled: Bool) -> Void)?
    /// Called inside ``ImageBatchLoader/start()``, once every batch is scheduled and before it returns.
    ///
    /// Tests wait here until the first batch has been delivered on the loader's queue: a loader that
    /// calls its delegate before `start()` returns, as SDKs with a cached answer do, forced rather
    /// than hoped for.
    public var whileStarting: (@Sendable () -> Void)?

    /// A plan.
    public init(
      batches: Int = 3, imagesPerBatch: Int = 2, interval: TimeInterval = 0.002, queue: DispatchQueue? = nil,
      needsAnOwner: Bool = false, afterEachBatch: (@Sendable (_ index: Int, _ delegateCalled: Bool) -> Void)? = nil,
      whileStarting: (@Sendable () -> Void)? = nil
    ) {
      self.batches = batches
      self.imagesPerBatch = imagesPerBatch
      self.interval = interval
      self.queue = queue
      self.needsAnOwner = needsAnOwner
      self.afterEachBatch = afterEachBatch
      self.whileStarting = whileStarting
    }
  }

  private weak var delegate: (any ImageBatchLoaderDelegate)?
  private let lock = NSLock()
  private let plan: Plan
  private let queue: DispatchQueue
  private var delivered = 0
  private var lost = 0
  private var stopped = false
  private var started = false
  private var finished = false

  /// A loader that will deliver to `delegate`, held weakly, following `plan`.
  public init(delegate: (any ImageBatchLoaderDelegate)?, plan: Plan = Plan()) {
    self.delegate = delegate
    self.plan = plan
    queue = plan.queue ?? DispatchQueue(label: "legacy.image-batch-loader")
  }

  /// Starts delivering batches on a background queue; a second call does nothing.
  public func start() {
    let first = locked {
      defer { started = true }
      return !started
    }
    guard first else { return }
    for index in 0..<plan.batches {
      let deadline = DispatchTime.now() + plan.interval * Double(index)
      if plan.needsAnOwner {
        queue.asyncAfter(deadline: deadline) { [weak self, plan] in
          guard let self else {
            plan.afterEachBatch?(index, false)
            return
          }
          deliver(index)
        }
      } else {
        queue.asyncAfter(deadline: deadline) { [self] in deliver(index) }
      }
    }
    let end = DispatchTime.now() + plan.interval * Double(plan.batches)
    if plan.needsAnOwner {
      queue.asyncAfter(deadline: end) { [weak self] in self?.finish() }
    } else {
      queue.asyncAfter(deadline: end) { [self] in finish() }
    }
    plan.whileStarting?()
  }

  /// Stops delivering: no more batches, and no finish.
  public func stop() {
    locked { stopped = true }
  }

  /// Whether it has started and has neither finished nor been stopped.
  public var isRunning: Bool {
    locked { started && !stopped && !finished }
  }

  /// Whether ``stop()`` was called.
  public var isStopped: Bool {
    locked { stopped }
  }

  /// How many batches reached a delegate.
  public var deliveredBatches: Int {
    locked { delivered }
  }

  /// How many batches found no delegate (it had been released) and were lost.
  public var lostBatches: Int {
    locked { lost }
  }

  /// The images of batch `index`, named "batch-<index>-image-<n>".
  public static func batch(_ index: Int, size: Int) -> [UIImage] {
    (0..<size).map { UIImage(name: "batch-\(index)-image-\($0)") }
  }

  private func deliver(_ index: Int) {
    let target: (any ImageBatchLoaderDelegate)? = locked {
      guard !stopped else { return nil }
      guard let delegate else {
        lost += 1
        return nil
      }
      delivered += 1
      return delegate
    }
    target?.imageLoader(self, didLoadBatch: Self.batch(index, size: plan.imagesPerBatch))
    plan.afterEachBatch?(index, target != nil)
  }

  private func finish() {
    let target: (any ImageBatchLoaderDelegate)? = locked {
      guard !stopped else { return nil }
      finished = true
      return delegate
    }
    target?.imageLoaderDidFinish(self)
  }

  private func locked<R>(_ body: () -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }
}
