import CourseKit
import Foundation
import LegacyKit
import PromiseChains
import PromiseKitLite
import Testing

@Suite("1.2 Sequence dependent calls without nesting", .exercise("1.2"))
struct Ex1_2_SequenceCallsTests {
  let api = NewsAPI()
  let screen = FeedScreen()

  @Test("The published headlines appear on the screen, in feed order")
  func showsPublishedHeadlines() async throws {
    let result = await awaitSettled(
      showHeadlines(for: "ada", api: api, screen: screen), "The chain showHeadlines returned")
    try result?.get()
    let published = Article.samples.filter(\.isPublished).map(\.title)
    #expect(
      screen.events == ["headlines \(published)"],
      "Show only the published titles, once, in the feed's order, which \"The returned promise settles only once\" explains. [wrong-titles]"
    )
  }

  @Test("The feed is requested with the session the sign-in returned")
  func feedUsesTheSession() async throws {
    let result = await awaitSettled(
      showHeadlines(for: "grace", api: api, screen: screen), "The chain showHeadlines returned")
    try result?.get()
    #expect(
      api.sessions.calls == ["grace"],
      "Open one session, with `api.session(for: user)`: sessions were opened for \(api.sessions.calls). [wrong-user]")
    #expect(
      api.feeds.calls.map(\.user) == ["grace"],
      "Each step receives the value of the step before it: pass the session from `then` to `api.feed(session:)`. [session-not-passed]"
    )
  }

  @Test("The returned promise settles only once the headlines are on the screen")
  func settlesAfterTheScreenUpdate() async throws {
    // The feed's answer waits on a queue this test holds. A nested chain that is not returned settles
    // in the same main-queue block that calls the feed, so once the call is seen, a settle follows at
    // once: it is seen before the answer is let go, every time, however busy the machine.
    let held = DispatchQueue(label: "the feed's answer, held back")
    held.suspend()
    api.feeds.script(Script.succeed(Article.samples).on(held))
    let chain = showHeadlines(for: "ada", api: api, screen: screen)
    var waits = 0
    while api.feeds.calls.isEmpty, waits < 500 {
      try await Task.sleep(for: .milliseconds(2))
      waits += 1
    }
    waits = 0
    while !chain.isResolved, waits < 100 {
      try await Task.sleep(for: .milliseconds(2))
      waits += 1
    }
    let settledFirst = chain.isResolved
    held.resume()
    let result = await awaitSettled(chain, "The chain showHeadlines returned")
    try result?.get()
    #expect(
      !settledFirst && screen.events.count == 1,
      "The chain finished before the headlines were shown: a nested chain that is not returned runs on its own. Return every inner promise from `then`. [nested-not-returned]"
    )
  }

  @Test("A failed sign-in rejects the chain, and the feed is never requested")
  func failedSignInStopsTheChain() async throws {
    // The later steps are checked first: a chain that carries on past the failure also hides it from
    // the caller, and that is the consequence, not the cause.
    api.sessions.script(.fail(LegacyError.unauthorized))
    let result = await awaitSettled(
      showHeadlines(for: "ada", api: api, screen: screen), "The chain showHeadlines returned")
    #expect(
      api.feeds.calls.isEmpty && screen.events.isEmpty,
      "After a failed step, the later steps must not run. [guest-session]")
    #expect(
      result?.failure as? LegacyError == .unauthorized, "The caller must hear about a failed sign-in. [guest-session]")
  }

  @Test("A failed feed rejects the returned promise")
  func failedFeedRejects() async throws {
    api.feeds.script(.fail(LegacyError.server(status: 503)))
    let result = await awaitSettled(
      showHeadlines(for: "ada", api: api, screen: screen), "The chain showHeadlines returned")
    #expect(
      result?.failure as? LegacyError == .server(status: 503),
      "The feed's error never reached the caller: something in the chain swallowed it (got \(String(describing: result))). Keep one flat chain and let errors flow to the end. [recover-empty-feed] [nested-not-returned]"
    )
  }

  @Test("The screen is updated on the main queue, even when the feed answers from a background thread")
  func updatesScreenOnMain() async throws {
    // From a background thread, after `then`'s handler has returned: a quick reply from `.fromBackground`
    // could settle the feed before `then` adopted it, and `on: nil` would then run on the main queue by luck.
    api.feeds.script(Script.succeed(Article.samples).fromBackgroundAfterTheMainQueue)
    let result = await awaitSettled(
      showHeadlines(for: "ada", api: api, screen: screen), "The chain showHeadlines returned")
    try result?.get()
    #expect(
      screen.callsOffMainQueue.isEmpty,
      "The screen was updated off the main queue: `done` runs on the main queue by default; `on: nil` runs wherever the feed answered. [no-hops]"
    )
  }
}
