import Dispatch
import PromiseKitLite

/// The workloads the benchmark times, each returning once its work has fully completed.
///
/// They follow the ones google/promises published against PromiseKit, plus a raw
/// GCD floor that every promise workload is compared with in the same run.
enum Workloads {
  /// `links` dependent `async` hops on one serial queue: the cost of GCD alone.
  static func gcdFloor(links: Int) {
    let queue = DispatchQueue(label: "floor")
    let finished = DispatchSemaphore(value: 0)
    let hop = Hop(queue: queue, remaining: links, finished: finished)
    queue.async { hop.run() }
    finished.wait()
  }

  /// A `links`-long `map` chain built on a pending promise, then resolved; every handler on one serial queue.
  static func mapChain(links: Int) -> Int {
    let queue = DispatchQueue(label: "chain")
    let (head, seal) = Promise<Int>.pending()
    var tail = head
    for _ in 0..<links {
      tail = tail.map(on: queue) { $0 + 1 }
    }
    queue.async { seal.fulfill(0) }
    return (try? tail.wait()) ?? -1
  }

  /// `count` pending promises, each with one handler, fulfilled from a concurrent queue.
  static func pendingPromises(count: Int) {
    let handlers = DispatchQueue(label: "handlers", attributes: .concurrent)
    let group = DispatchGroup()
    let pendings = (0..<count).map { _ in Promise<Int>.pending() }
    for (promise, _) in pendings {
      group.enter()
      promise.done(on: handlers) { _ in group.leave() }.cauterize()
    }
    DispatchQueue.concurrentPerform(iterations: count) { pendings[$0].resolver.fulfill($0) }
    group.wait()
  }

  /// `iterations` times: a fulfilled promise, `blocks` `map` handlers on a queue, then wait for the end.
  static func blockChains(blocks: Int, iterations: Int) {
    let queue = DispatchQueue(label: "blocks")
    for iteration in 0..<iterations {
      var tail = Promise.value(iteration)
      for _ in 0..<blocks {
        tail = tail.map(on: queue) { $0 + 1 }
      }
      _ = try? tail.wait()
    }
  }

  /// The GCD reference for ``blockChains(blocks:iterations:)``: the same hops without promises.
  static func gcdBlocks(blocks: Int, iterations: Int) {
    let queue = DispatchQueue(label: "gcd-blocks")
    for _ in 0..<iterations {
      let finished = DispatchSemaphore(value: 0)
      let hop = Hop(queue: queue, remaining: blocks, finished: finished)
      queue.async { hop.run() }
      finished.wait()
    }
  }
}

/// One step of the GCD floor: re-enqueues itself until no hops remain.
private final class Hop: @unchecked Sendable {
  // Touched only on `queue`, one hop at a time: that serial order is the workload.
  private let queue: DispatchQueue
  private var remaining: Int
  private let finished: DispatchSemaphore

  init(queue: DispatchQueue, remaining: Int, finished: DispatchSemaphore) {
    self.queue = queue
    self.remaining = remaining
    self.finished = finished
  }

  func run() {
    remaining -= 1
    if remaining <= 0 {
      finished.signal()
    } else {
      queue.async { self.run() }
    }
  }
}
