import CourseKit
import Foundation
import LegacyKit
import Locking
import PromiseChains
import PromiseChainsReference
@_spi(Timers) import PromiseKitLite
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex1_4_FanOutFanInTests {
  /// The requests in words: "ids [3, 1 (fails with LegacyError.offline), 3], answering in the order of ids [1, 3, 3]".
  static func said(_ requests: [ThumbnailRequest]) -> String {
    let ids = requests.map { request in
      "\(request.articleID)\(request.failure.map { " (fails with \(Said.errorCase($0)))" } ?? "")"
    }
    let arrivals = arrivalOrder(requests).map { requests[$0].articleID }
    return "articles of ids [\(ids.joined(separator: ", "))], answering in the order of ids \(arrivals)"
  }

  /// The requests' indices in the order their answers arrive.
  static func arrivalOrder(_ requests: [ThumbnailRequest]) -> [Int] {
    requests.indices.sorted { (requests[$0].arrival, $0) < (requests[$1].arrival, $1) }
  }

  /// What `function` gives for `requests`, its answers held and let go in their arrival order, in words,
  /// and how many of the requests had started before any answered.
  static func outcome<P: Thenable>(
    _ requests: [ThumbnailRequest], _ function: ([Article], NewsAPI) -> P
  ) async -> (words: String, ids: [Int]?, startedAtOnce: Int) where P.T == [Thumbnail] {
    let api = NewsAPI()
    let held = Locked<[Int: @Sendable () -> Void]>([:])
    api.thumbnails.replace(
      requests.enumerated().map { index, request in
        let reply: Reply<Thumbnail> =
          request.failure.map { .error($0) } ?? .value(Thumbnail(articleID: request.articleID))
        return Script([reply]).handed { bodies in held.withLock { $0[index] = bodies.first } }
      })
    let order = arrivalOrder(requests)
    let promise = function(requests.map { Article(id: $0.articleID, title: "Story \($0.articleID)") }, api)
    // No answer comes until the requests stop starting: code that starts them all at once, even from
    // another queue a moment later, has them all in flight before the first answer, whatever their number.
    var quiet = 0
    var started = api.thumbnails.calls.count
    while started < requests.count, quiet < 20, !promise.isResolved {
      try? await Task.sleep(for: .milliseconds(1))
      let now = api.thumbnails.calls.count
      quiet = now == started ? quiet + 1 : 0
      started = now
    }
    // Requests made one after another start only once the one before has answered: wait a moment for them.
    var idle = 0
    while !promise.isResolved, idle < 50 {
      let next = held.withLock { held in order.first { held[$0] != nil }.flatMap { held.removeValue(forKey: $0) } }
      if let next {
        next()
        idle = 0
      } else {
        idle += 1
        try? await Task.sleep(for: .milliseconds(1))
      }
    }
    for body in held.withLock({ Array($0.values) }) { body() }  // the rest, once the result is decided
    switch try? await promise.settled(within: 0.5, "the thumbnails") {
    case .success(let thumbnails)?:
      return ("gave the thumbnails of ids \(thumbnails.map(\.articleID))", thumbnails.map(\.articleID), started)
    case .failure(let error)?: return ("rejected with \(Said.errorCase(error))", nil, started)
    case nil: return ("never settled", nil, started)
    }
  }

  @Test(
    "On articles of every kind (none, up to sixteen, ids in any order, repeats, failures of any kind, answers in any order), thumbnails and availableThumbnails give the reference's"
  )
  func generatedThumbnails() async {
    await Generated.expect("the thumbnails", Gen.thumbnailRequests, trials: 60, describe: Self.said) { requests in
      let mine = await Self.outcome(requests) { PromiseChains.thumbnails(for: $0, api: $1) }
      let reference = await Self.outcome(requests) { PromiseChainsReference.thumbnails(for: $0, api: $1) }
      // Code that starts no request at all is the data's mistake, said below.
      if mine.startedAtOnce > 0, mine.startedAtOnce < reference.startedAtOnce {
        return
          "thumbnails(for:api:) had started \(mine.startedAtOnce) of the \(requests.count) requests before any answered, where \"all requests start at once\", however many articles there are (it had started all \(reference.startedAtOnce)), which \"thumbnails: all requests start before any answers\" explains. [sequential-loop]"
      }
      if mine.words != reference.words {
        guard requests.allSatisfy({ $0.failure == nil }) else {
          return
            "thumbnails(for:api:) \(mine.words), where \"one failure fails the whole result, at once, with its own error\", the first to arrive, of whatever kind (it \(reference.words)), which \"thumbnails: one failure rejects at once\" explains. [failure-swallowed]"
        }
        return
          "thumbnails(for:api:) \(mine.words), where it gives \"every thumbnail, in article order\", repeats too, whatever order they arrive in (it \(reference.words)), which \"thumbnails: every thumbnail, in article order\" explains. [arrival-order]"
      }
      let available = await Self.outcome(requests) { PromiseChains.availableThumbnails(for: $0, api: $1) }
      let expected = await Self.outcome(requests) { PromiseChainsReference.availableThumbnails(for: $0, api: $1) }
      guard available.words != expected.words else { return nil }
      if let ids = available.ids, let loaded = expected.ids, ids.sorted() == loaded.sorted() {
        return
          "availableThumbnails(for:api:) \(available.words), where it gives \"the thumbnails that loaded, in article order\" (it \(expected.words)), whatever order they arrive in, which \"availableThumbnails: the thumbnails keep article order\" explains. [append-in-arrival-order]"
      }
      return
        "availableThumbnails(for:api:) \(available.words), where it gives \"the thumbnails that loaded\", every one, and \"failures are skipped\" (it \(expected.words)), which \"availableThumbnails: failures are skipped\" explains. [fulfilled-then-empty]"
    }
  }

  /// A feed's timeout as a test draws it: zero a quarter of the time (a timeout too: the feed is given up
  /// on at once); from a hundredth of a second to ten minutes, to the hundredth, half of those under a
  /// second; or a fraction no millisecond holds (0.0004, 0.0015 s) or one that `Int(timeout * 1000)` cuts
  /// down (2.01 s becomes 2,009 ms).
  struct Timeout: Sendable, CustomStringConvertible {
    let seconds: TimeInterval

    static let all: Gen<Timeout> = Gen<TimeInterval>.oneOf([
      Gen<Int>.int(in: 0...0).map { _ in 0 }, Gen<Int>.int(in: 1...100).map { Double($0) / 100 },
      Gen<Int>.int(in: 1...60_000).map { Double($0) / 100 },
      Gen<TimeInterval>.element(of: [0.0004, 0.0015, 2.01, 4.02, 8.03]),
    ]).map { Timeout(seconds: $0) }

    var description: String { "a timeout of \(seconds) s and a feed that never answers" }
  }

  /// The waits `feed` asked `after` for, given `timeout` and a feed that never answers, every timer
  /// firing at once (so a ten-minute timeout costs nothing), in seconds.
  static func waits(
    _ timeout: TimeInterval, _ feed: (Session, NewsAPI, TimeInterval) -> Promise<[Article]>
  ) async -> [TimeInterval] {
    let heard = Locked<[TimeInterval]>([])
    AfterTimers.observe({ seconds in heard.withLock { $0.append(seconds) } }, firingAtOnce: true)
    defer { AfterTimers.observe(nil) }
    let api = NewsAPI()
    api.feeds.script(.never)
    let promise = feed(Session(token: "t", user: "ada"), api, timeout)
    // A timer is asked for as `feed` is called, or a moment later, before the promise it races settles.
    var looks = 0
    while heard.withLock({ $0.isEmpty }), !promise.isResolved, looks < 50 {
      looks += 1
      try? await Task.sleep(for: .milliseconds(1))
    }
    return heard.withLock { $0 }
  }

  // Long timeouts, heard without waiting: a timer capped at some ceiling (30 s, a minute) passes every
  // short timeout and fails here. The length is read where it is asked for, from `after`, so load
  // cannot change it. In a child process: the timers are the whole process's.
  @Test(
    "Over timeouts from zero to ten minutes, fractions included, feed asks `after` for the timer the reference asks for"
  )
  func generatedTimeoutLengths() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 30) {
          // An answer that starts no timer with `after` (a `sleep`, a Dispatch timer) is named by the
          // other timeout tests; here it is left at one short look.
          let short = await Ex1_4_FanOutFanInTests.waits(0.01) {
            PromiseChains.feed(session: $0, api: $1, timeout: $2)
          }
          guard !short.isEmpty else { return }
          let failure = await Generated.check(
            Ex1_4_FanOutFanInTests.Timeout.all, trials: 40, describe: \.description
          ) { timeout in
            let mine = await Ex1_4_FanOutFanInTests.waits(timeout.seconds) {
              PromiseChains.feed(session: $0, api: $1, timeout: $2)
            }
            let reference = await Ex1_4_FanOutFanInTests.waits(timeout.seconds) {
              PromiseChainsReference.feed(session: $0, api: $1, timeout: $2)
            }
            // Within a microsecond, for a timer asked for in nanoseconds: one in whole milliseconds is rounded.
            guard let due = reference.max(), !mine.contains(where: { abs($0 - due) < 0.000_001 }) else { return nil }
            let asked = mine.isEmpty ? "no timer" : mine.map { "\($0) s" }.joined(separator: ", ")
            guard let longest = mine.max() else {
              return
                "Given a timeout of \(timeout.seconds) s, feed asked `after` for no timer, so a feed that never answers is never given up on: race it against `after(seconds: timeout)`, whatever the timeout, which \"feed with a timeout: a slow feed rejects with TimeoutError\" explains. [no-timeout]"
            }
            if longest < due - 0.001 {
              return
                "Given a timeout of \(timeout.seconds) s, feed asked `after` for \(asked), so a slow feed is given up on before `timeout` seconds: wait `after(seconds: timeout)`, however long the timeout (the header names no ceiling), which \"feed with a timeout: a slow feed is not given up on before `timeout` seconds\" explains. [early-timeout]"
            }
            return
              "Given a timeout of \(timeout.seconds) s, feed asked `after` for \(asked): the timer is `timeout` seconds, \"counted to the fraction\", \"rounded neither down nor up\", which \"feed with a timeout: the timer is `timeout` seconds exactly\" explains. [rounded-timeout]"
          }
          if let failure { throw Generated.probeFailure(failure) }
        }
      }
    }
    Generated.expectInChild(
      child, "feed(session:api:timeout:) over generated timeouts", trapWords: [],
      ifTrappedInCall: "feed(session:api:timeout:) crashed on a generated timeout. [early-timeout]")
  }
}
