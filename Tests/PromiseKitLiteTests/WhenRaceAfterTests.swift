import Dispatch
import Foundation
@_spi(Timers) import PromiseKitLite
import Testing

@Suite("Combining: when, race, after")
struct WhenRaceAfterTests {
  @Test("when(fulfilled:) fulfills with every value in input order, whatever order they settle in")
  func whenKeepsInputOrder() async {
    let pendings = (0..<5).map { _ in Promise<Int>.pending() }
    let all = when(fulfilled: pendings.map(\.promise))
    for index in [3, 0, 4, 1, 2] { pendings[index].resolver.fulfill(index * 10) }
    #expect(await all.settled.successValue == [0, 10, 20, 30, 40])
    #expect(await when(fulfilled: [Promise<Int>]()).settled.successValue == [])
  }

  @Test("when(fulfilled:) rejects as soon as one rejects, without waiting for the rest")
  func whenRejectsEarly() async {
    let (never, _) = Promise<Int>.pending()
    let all = when(fulfilled: [never, Promise<Int>(error: TestError(code: 4))])
    #expect(await all.settled.failureCode == 4)
  }

  @Test("when(fulfilled:) with promises of different types fulfills with a tuple")
  func whenTuples() async throws {
    let pair = when(fulfilled: Promise.value(1), Promise.value("a"))
    let (number, letter) = try #require(await pair.settled.successValue)
    #expect(number == 1 && letter == "a")
    let five = when(
      fulfilled: Promise.value(1), Promise.value("b"), Guarantee.value(true), Promise.value(2.5), Promise())
    let values = try #require(await five.settled.successValue)
    #expect(values.0 == 1 && values.1 == "b" && values.2 && values.3 == 2.5)
    let failed = when(fulfilled: Promise.value(1), Promise<String>(error: TestError(code: 2)))
    #expect(await failed.settled.failureCode == 2)
  }

  @Test("when(fulfilled:) over Promise<Void> fulfills with Void")
  func whenVoid() async {
    let all: Promise<Void> = when(fulfilled: [Promise(), Promise()])
    _ = await all.settled
    #expect(all.isFulfilled)
  }

  @Test("when(resolved:) never rejects and reports every result in order")
  func whenResolvedReportsAll() async throws {
    let all = when(resolved: Promise.value(1), Promise<Int>(error: TestError(code: 3)))
    let results = try #require(await all.settled.successValue)
    #expect(results.count == 2)
    #expect(results[0].successValue == 1)
    #expect(results[1].failureCode == 3)
  }

  @Test("race settles like the first promise to settle; a timeout built from after wins over a slow call")
  func raceAgainstTimeout() async {
    let (slow, _) = Promise<Int>.pending()
    let timeout = after(seconds: 0.02).then { Promise<Int>(error: TestError(code: 99)) }
    #expect(await race(slow, timeout).settled.failureCode == 99)
    let fast = race(Promise.value(1), after(seconds: 1).map { 2 })
    #expect(await fast.settled.successValue == 1)
  }

  @Test("race rejects with badInput when given nothing; race(fulfilled:) rejects with noWinner when all reject")
  func raceEdgeCases() async {
    guard case .rejected(PMKError.badInput) = await race([Promise<Int>]()).settled else {
      Issue.record("expected badInput")
      return
    }
    let winner = race(fulfilled: [Promise<Int>(error: TestError()), Promise.value(2)])
    #expect(await winner.settled.successValue == 2)
    guard case .rejected(PMKError.noWinner) = await race(fulfilled: [Promise<Int>(error: TestError())]).settled else {
      Issue.record("expected noWinner")
      return
    }
  }

  @Test("after waits at least the interval it was given")
  func afterWaits() async {
    let start = DispatchTime.now()
    _ = await after(.milliseconds(30)).settled
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
    #expect(elapsed >= 29)
  }

  @Test(
    "AfterTimers hears each wait's length, as asked, in either spelling (checked in a child process, as it is global)")
  func afterTimersHearLengths() async {
    await #expect(processExitsWith: .success) {
      let events = EventLog()
      AfterTimers.observe { events.record("\($0)") }
      _ = after(seconds: 0.25)
      _ = after(.milliseconds(30))
      _ = after(.microseconds(1500))
      _ = after(.never)
      AfterTimers.observe(nil)
      _ = after(seconds: 1)
      guard events.all == ["0.25", "0.03", "0.0015", "inf"] else { exit(1) }
    }
  }
}
