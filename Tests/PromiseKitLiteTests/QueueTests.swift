import Dispatch
import Foundation
import PromiseKitLite
import Testing

@Suite("Queues: where handlers run", .serialized)
struct QueueTests {
  @Test("By default, map-like and done-like handlers run on the main queue")
  func defaultsToMainQueue() async {
    QueueLabel.nameMainQueue()
    let log = EventLog()
    let background = QueueLabel.make("background")
    let (promise, seal) = Promise<Int>.pending()
    let done = promise.map {
      log.record("map on \(QueueLabel.current ?? "?")"); return $0
    }
    .done { _ in log.record("done on \(QueueLabel.current ?? "?")") }
    background.async { seal.fulfill(1) }
    _ = await done.settled
    #expect(log.all == ["map on main", "done on main"])
  }

  @Test("on: runs a handler on the given queue")
  func runsOnGivenQueue() async {
    let log = EventLog()
    let queue = QueueLabel.make("work")
    _ = await Promise.value(1).map(on: queue) { _ in log.record(QueueLabel.current ?? "?") }.settled
    #expect(log.all == ["work"])
  }

  @Test("on: nil runs a handler synchronously, before the registering call returns")
  func nilQueueRunsSynchronously() {
    let log = EventLog()
    let done = Promise.value(1).done(on: nil) { _ in log.record("handler") }
    log.record("after done(on: nil)")
    #expect(log.all == ["handler", "after done(on: nil)"])
    #expect(done.isFulfilled)
  }

  @Test("conf.Q changes the defaults for every later handler (checked in a child process, as conf is global)")
  func configurationChangesDefaults() async {
    await #expect(processExitsWith: .success) {
      conf.Q = (map: nil, return: nil)
      let log = EventLog()
      let done = Promise.value(1).map { $0 + 1 }.done { log.record("\($0)") }
      guard done.isFulfilled, log.all == ["2"] else { exit(1) }
    }
  }

  @Test("flags are passed to the queue with the handler")
  func flagsArePassed() async {
    let queue = DispatchQueue(label: "concurrent", attributes: .concurrent)
    #expect(await Promise.value(1).map(on: queue, flags: .barrier) { $0 + 1 }.settled.successValue == 2)
  }
}
