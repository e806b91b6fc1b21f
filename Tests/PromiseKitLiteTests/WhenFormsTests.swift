import Foundation
import Locking
import PromiseKitLite
import Testing

@Suite("when: every form PromiseKit offers")
struct WhenFormsTests {
  @Test("when(fulfilled:) over Promise<Void>s, listed or in an array, is a Promise<Void>")
  func voidPromises() async {
    let listed: Promise<Void> = when(fulfilled: Promise(), Promise(after(seconds: 0.01)))
    #expect(await listed.settled.isFulfilled)
    let array: Promise<Void> = when(fulfilled: [Promise(), Promise()])
    #expect(await array.settled.isFulfilled)
    let failed: Promise<Void> = when(fulfilled: Promise(), Promise(error: TestError(code: 3)))
    #expect(await failed.settled.failureCode == 3)
  }

  @Test("when(fulfilled:) over listed Void guarantees or promises needs no annotation: done takes no parameter")
  func voidListsNeedNoAnnotation() async {
    let log = EventLog()
    let guarantees = when(fulfilled: Guarantee<Void>.value, Guarantee<Void>.value(()), Guarantee())
      .done { log.record("guarantees") }
    let promises = when(fulfilled: Promise<Void>.value, Promise<Void>.value(()), Promise())
      .done { log.record("promises") }
    _ = await guarantees.settled
    _ = await promises.settled
    #expect(Set(log.all) == ["guarantees", "promises"])
  }

  @Test("when(fulfilled:) over a mixed array of promises and guarantees fulfills with every value in order")
  func mixedArray() async throws {
    let mixed: [any Thenable] = [Promise.value(1), Guarantee.value("two"), Promise.value(3.0)]
    let values = try #require(await when(fulfilled: mixed).settled.successValue)
    #expect(values.count == 3)
    #expect(values[0] as? Int == 1 && values[1] as? String == "two" && values[2] as? Double == 3.0)
    let failing: [any Thenable] = [Guarantee.value(1), Promise<String>(error: TestError(code: 4))]
    #expect(await when(fulfilled: failing).settled.failureCode == 4)
  }

  @Test("when(guarantees:) over an array, and when(_:) over listed guarantees, fulfill with every value in order")
  func guaranteeArrays() async {
    let (late, resolve) = Guarantee<Int>.pending()
    let all: Guarantee<[Int]> = when(guarantees: [late, Guarantee.value(2)])
    resolve(1)
    #expect(await all.settled.successValue == [1, 2])
    let listed: Guarantee<[String]> = when(Guarantee.value("a"), Guarantee.value("b"))
    #expect(await listed.settled.successValue == ["a", "b"])
    #expect(await when(guarantees: [Guarantee<Int>]()).settled.successValue == [])
  }

  @Test("when over Guarantee<Void>s, labelled or not, is a Guarantee<Void>")
  func voidGuarantees() async {
    let unlabelled: Guarantee<Void> = when(Guarantee(), after(seconds: 0.01))
    #expect(await unlabelled.settled.isFulfilled)
    let labelled: Guarantee<Void> = when(guarantees: [Guarantee(), Guarantee()])
    #expect(await labelled.settled.isFulfilled)
  }

  @Test("when(guarantees:) over guarantees of different types fulfills with a tuple")
  func guaranteeTuple() async throws {
    let pair = when(guarantees: Guarantee.value(1), Guarantee.value("a"))
    let (number, letter) = try #require(await pair.settled.successValue)
    #expect(number == 1 && letter == "a")
    let five = when(
      guarantees: Guarantee.value(1), Guarantee.value("b"), Guarantee.value(true), Guarantee.value(2.5),
      Guarantee.value([3]))
    let values = try #require(await five.settled.successValue)
    #expect(values.0 == 1 && values.1 == "b" && values.2 && values.3 == 2.5 && values.4 == [3])
  }

  @Test("race over guarantees is a Guarantee that fulfills like the first to fulfill")
  func raceGuarantees() async {
    let (never, _) = Guarantee<Int>.pending()
    let winner: Guarantee<Int> = race(never, after(seconds: 0.01).map { 2 })
    #expect(await winner.settled.successValue == 2)
  }

  @Test("when(fulfilled:concurrently:) never runs more than the limit at once and keeps the iterator's order")
  func concurrentlyRespectsLimit() async throws {
    let gauge = Locked((running: 0, peak: 0))
    var numbers = (1...8).makeIterator()
    let promises = AnyIterator<Promise<Int>> {
      guard let number = numbers.next() else { return nil }
      gauge.withLock {
        $0.running += 1
        $0.peak = max($0.peak, $0.running)
      }
      return after(seconds: 0.005 * Double(9 - number)).map(on: nil) {
        gauge.withLock { $0.running -= 1 }
        return number * 10
      }
    }
    let all = when(fulfilled: promises, concurrently: 3)
    #expect(await all.settled.successValue == [10, 20, 30, 40, 50, 60, 70, 80])
    #expect(gauge.withLock { $0.peak } == 3)
  }

  @Test("when(fulfilled:concurrently:) rejects at the first rejection and asks the iterator for nothing more")
  func concurrentlyStopsOnRejection() async {
    let asked = Locked(0)
    let promises = AnyIterator<Promise<Int>> {
      let count = asked.withLock {
        $0 += 1
        return $0
      }
      return count == 2 ? Promise(error: TestError(code: 9)) : Promise.pending().promise
    }
    let all = when(fulfilled: promises, concurrently: 2)
    #expect(await all.settled.failureCode == 9)
    #expect(asked.withLock { $0 } == 2)
  }

  @Test("when(fulfilled:concurrently:) fulfills an empty iterator with [] and rejects a limit below one with badInput")
  func concurrentlyEdgeCases() async {
    let empty = when(fulfilled: [Promise<Int>]().makeIterator(), concurrently: 2)
    #expect(await empty.settled.successValue == [])
    let zero = when(fulfilled: [Promise.value(1)].makeIterator(), concurrently: 0)
    guard case .rejected(PMKError.badInput) = await zero.settled else {
      Issue.record("a limit of 0 must reject with badInput")
      return
    }
  }

  @Test("when(resolved:concurrently:) waits for every promise, reporting each result in order")
  func resolvedConcurrently() async throws {
    let promises = [Promise.value(1), Promise(error: TestError(code: 2)), Promise.value(3)]
    let results = try #require(await when(resolved: promises.makeIterator(), concurrently: 1).settled.successValue)
    #expect(results.map(\.successValue) == [1, nil, 3])
    #expect(results[1].failureCode == 2)
    let invalid = try #require(
      await when(resolved: promises.makeIterator(), concurrently: -1).settled.successValue)
    guard invalid.count == 1, case .rejected(PMKError.badInput) = invalid[0] else {
      Issue.record("a limit below 1 must report one badInput rejection")
      return
    }
  }

  @Test("when reports a Progress of one unit per promise, as a child of the current progress")
  func progress() async {
    let parent = Progress(totalUnitCount: 1)
    let (first, sealFirst) = Promise<Int>.pending()
    let (second, sealSecond) = Promise<Int>.pending()
    let all = whileCurrent(parent) { when(fulfilled: [first, second]) }
    #expect(parent.fractionCompleted == 0)
    sealFirst.fulfill(1)
    #expect(abs(parent.fractionCompleted - 0.5) < 0.001)
    sealSecond.fulfill(2)
    _ = await all.settled
    #expect(parent.fractionCompleted == 1)
  }

  @Test("A rejection completes when's Progress, and later settlements never push it past 100%")
  func progressOnRejection() async {
    let parent = Progress(totalUnitCount: 1)
    let (late, sealLate) = Promise<Int>.pending()
    let all = whileCurrent(parent) { when(fulfilled: [Promise(error: TestError()), late]) }
    _ = await all.settled
    #expect(parent.fractionCompleted == 1)
    sealLate.fulfill(1)
    #expect(parent.fractionCompleted == 1)
    #expect(parent.completedUnitCount == 1)
  }
}

/// Runs `body` while `parent` is the thread's current progress, so a `Progress` it creates becomes a child.
///
/// Synchronous because `becomeCurrent` is thread-local, which an `async` function cannot promise.
private func whileCurrent<T>(_ parent: Progress, _ body: () -> T) -> T {
  parent.becomeCurrent(withPendingUnitCount: 1)
  defer { parent.resignCurrent() }
  return body()
}
