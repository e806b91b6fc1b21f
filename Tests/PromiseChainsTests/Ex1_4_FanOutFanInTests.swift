import CourseKit
import Foundation
import LegacyKit
import Locking
import PromiseChains
@_spi(Timers) import PromiseKitLite
import Testing

@Suite("1.4 Fan out and in: when, race, after", .exercise("1.4"))
struct Ex1_4_FanOutFanInTests {
  let api = NewsAPI()
  let articles = (1...4).map { Article(id: $0, title: "Article \($0)") }
  let session = Session(token: "t", user: "ada")

  /// Thumbnails that answer in reverse order, the last article first.
  func scriptReverseDelays() {
    api.thumbnails.script(
      Script.succeed(Thumbnail(articleID: 1)).after(0.04).fromBackground,
      Script.succeed(Thumbnail(articleID: 2)).after(0.03).fromBackground,
      Script.succeed(Thumbnail(articleID: 3)).after(0.02).fromBackground,
      Script.succeed(Thumbnail(articleID: 4)).after(0.01).fromBackground)
  }

  @Test("thumbnails: every thumbnail, in article order, whatever order they arrive in")
  func thumbnailsInOrder() async throws {
    scriptReverseDelays()
    let result = await awaitSettled(thumbnails(for: articles, api: api), "The promise thumbnails(for:api:) returned")
    let ids = try result?.get().map(\.articleID)
    #expect(
      ids == [1, 2, 3, 4],
      "`when(fulfilled:)` keeps the input order; do not sort by arrival: got \(ids.map { "\($0)" } ?? "nothing"). [arrival-order]"
    )
  }

  @Test("thumbnails: all requests start before any answers")
  func thumbnailsStartAtOnce() async throws {
    scriptReverseDelays()
    _ = await awaitSettled(thumbnails(for: articles, api: api), "The promise thumbnails(for:api:) returned")
    #expect(
      api.thumbnails.maxConcurrentCalls == articles.count,
      "The requests ran one after another (at most \(api.thumbnails.maxConcurrentCalls) at once): create every promise first, then wait for them all with `when(fulfilled:)`. [sequential-loop]"
    )
  }

  @Test("thumbnails: one failure rejects at once, without waiting for the rest")
  func thumbnailsFailFast() async throws {
    api.thumbnails.script(.never, .fail(LegacyError.server(status: 500)), .never)
    let chain = thumbnails(for: Array(articles.prefix(3)), api: api)
    let result: Swift.Result<[Thumbnail], any Error>
    do {
      result = try await chain.settled("The promise thumbnails(for:api:) returned")
    } catch {
      // Still pending: the requests that started tell the two mistakes apart. Requests made one after
      // another never reach the one that fails, behind the first, which never answers.
      let words = (error as? DeadlineExceeded)?.words ?? "\(error)"
      let started = api.thumbnails.calls.count
      if started < 3 {
        Issue.record(
          "\(words) Only \(started) of the 3 requests started: they ran one after another, so the one that fails waited behind one that never answers. Create every promise first, then wait for them with `when(fulfilled:)`. [sequential-loop]"
        )
      } else {
        Issue.record(
          "\(words) One request failed, but the result still waited for the others: `when(fulfilled:)` rejects as soon as one rejects. [settle-all-first]"
        )
      }
      return
    }
    #expect(
      result.failure as? LegacyError == .server(status: 500),
      "One failed request must reject the result with its own error: got \(result). [failure-swallowed]"
    )
  }

  @Test("availableThumbnails: the thumbnails keep article order, whatever order they arrive in")
  func availableKeepsArticleOrder() async throws {
    // The last article answers first, and the second fails in between.
    api.thumbnails.script(
      Script.succeed(Thumbnail(articleID: 1)).after(0.04).fromBackground,
      Script.fail(LegacyError.offline).after(0.03).fromBackground,
      Script.succeed(Thumbnail(articleID: 3)).after(0.02).fromBackground,
      Script.succeed(Thumbnail(articleID: 4)).after(0.01).fromBackground)
    let result = await awaitSettled(
      availableThumbnails(for: articles, api: api), "The guarantee availableThumbnails(for:api:) returned")
    guard let ids = try result?.get().map(\.articleID) else { return }
    // Compared outside #expect, so that the sentence is all the learner reads.
    if Set(ids) == [1, 3, 4], ids != [1, 3, 4] {
      Issue.record(
        "The thumbnails that loaded came back as \(ids), in the order they arrived, not in article order [1, 3, 4]: `when(resolved:)` keeps the input order; collect nothing by hand. [append-in-arrival-order]"
      )
    } else if ids != [1, 3, 4] {
      Issue.record(
        "The thumbnails that loaded were \(ids), not [1, 3, 4], which \"availableThumbnails: failures are skipped\" explains. [fulfilled-then-empty]"
      )
    }
  }

  @Test("availableThumbnails: failures are skipped, the rest keep article order")
  func availableSkipsFailures() async throws {
    api.thumbnails.script(
      .succeed(Thumbnail(articleID: 1)), .fail(LegacyError.offline), .succeed(Thumbnail(articleID: 3)),
      .fail(LegacyError.offline))
    let result = await awaitSettled(
      availableThumbnails(for: articles, api: api), "The guarantee availableThumbnails(for:api:) returned")
    guard let ids = try result?.get().map(\.articleID), ids != [1, 3] else { return }
    // Compared outside #expect, so that the sentence is all the learner reads. The right thumbnails in
    // another order are the order's mistake, which answers that arrive at once show on some runs only.
    if Set(ids) == [1, 3] {
      Issue.record(
        "The thumbnails that loaded came back as \(ids), in the order they arrived, not in article order [1, 3]: `when(resolved:)` keeps the input order; collect nothing by hand. [append-in-arrival-order]"
      )
    } else {
      Issue.record(
        "Of four requests, the first and third loaded, and availableThumbnails returned \(ids). Use `when(resolved:)`, which waits for every request and never rejects, then keep the successes. [fulfilled-then-empty]"
      )
    }
  }

  @Test("feed with a timeout: a slow feed rejects with TimeoutError")
  func slowFeedTimesOut() async throws {
    api.feeds.script(.never)
    let result = await awaitSettled(
      feed(session: session, api: api, timeout: 0.05), "The promise feed(session:api:timeout:) returned",
      ifItHangs:
        "A request that never answers must still fail after the timeout: `race` it against `after(seconds:)`. [no-timeout]"
    )
    #expect(
      result == nil || result?.failure as? TimeoutError == TimeoutError(seconds: 0.05),
      "A slow feed must reject with TimeoutError(seconds: timeout). [wrong-timeout-error]")
  }

  @Test("feed with a timeout: a slow feed is not given up on before `timeout` seconds, fractions included")
  func timeoutIsInSeconds() async throws {
    // A timer far longer than the wait: only a timer shorter than `timeout` (milliseconds for seconds,
    // or none) settles the promise while the test waits, however busy the machine is.
    api.feeds.script(.never)
    let early = try? await feed(session: session, api: api, timeout: 100).settled(
      within: 1, "The promise feed(session:api:timeout:) returned")
    #expect(
      early == nil,
      "Given a 100 s timeout, a feed that never answers was given up on within a second: wait `timeout` seconds, with `after(seconds: timeout)`. [early-timeout]"
    )
    // A fraction of a second counts too. A timer fires late on a busy machine, never early, so a
    // rejection well before `timeout` is the code's doing, however loaded the machine is.
    let start = ContinuousClock.now
    _ = await awaitSettled(
      feed(session: session, api: api, timeout: 0.5), "The promise feed(session:api:timeout:) returned", within: 5)
    let waited = ContinuousClock.now - start
    let milliseconds = waited.components.seconds * 1000 + waited.components.attoseconds / 1_000_000_000_000_000
    #expect(
      milliseconds >= 450,
      "Given a 0.5 s timeout, a feed that never answers was given up on after \(milliseconds) ms: a fraction of a second counts too, so wait with `after(seconds: timeout)`, not a whole number of seconds. [early-timeout]"
    )
  }

  // A timer fires late on a busy machine, so no measured wait can say a timeout was rounded up. The
  // length is read where it is asked for, from `after`, in a child process where no other test starts
  // a timer: load cannot change it. That is why the header asks for `after`: another timer's length
  // is one no test can read.
  @Test("feed with a timeout: the timer is `after`, of `timeout` seconds exactly, not rounded up, read from `after`")
  func timeoutIsNotRoundedUp() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let waits = Locked<[TimeInterval]>([])
        AfterTimers.observe { seconds in waits.withLock { $0.append(seconds) } }
        await ResumeProbe.run(within: 10) {
          let suite = Ex1_4_FanOutFanInTests()
          suite.api.feeds.script(.never)
          let timed = feed(session: suite.session, api: suite.api, timeout: 0.5)
          let asked = waits.withLock { $0 }
          if asked.isEmpty {
            // No timer at all is the other timeout tests' finding: a feed that never answers never fails.
            guard await eventually(within: 3, { timed.isResolved }), timed.error is TimeoutError else { return }
            throw ResumeProbe.ProbeFailure(
              "Given a 0.5 s timeout, feed rejected with TimeoutError and asked `after` for no timer: it timed the feed with another timer, whose length no test can read, so nothing shows it is 0.5 s, rounded neither down nor up. Time it with `after(seconds: timeout)`, as the header says. [another-timer]"
            )
          }
          // A shorter timer from `after`: the other timeout tests' finding.
          guard !asked.contains(where: { abs($0 - 0.5) < 1e-9 }), let longer = asked.max(), longer > 0.5 else { return }
          throw ResumeProbe.ProbeFailure(
            "Given a 0.5 s timeout, the timer waits \(longer) s: a fraction of a second counts, rounded neither down nor up. Wait with `after(seconds: timeout)`. [rounded-timeout]"
          )
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "feed(session:api:timeout: 0.5) over a feed that never answers")
  }

  @Test("feed with a timeout: a fast feed wins, and its own error passes through")
  func fastFeedWins() async throws {
    let fast = await awaitSettled(
      feed(session: session, api: api, timeout: 1), "The promise feed(session:api:timeout:) returned")
    #expect(
      try fast?.get() == Article.samples,
      "A feed that answers before the timeout wins, with its own articles. [fast-feed-lost]")
    api.feeds.script(.fail(LegacyError.offline))
    let failed = await awaitSettled(
      feed(session: session, api: api, timeout: 1), "The promise feed(session:api:timeout:) returned")
    #expect(
      failed?.failure as? LegacyError == .offline,
      "A feed that fails before the timeout fails with its own error. [fast-feed-lost]")
  }
}
