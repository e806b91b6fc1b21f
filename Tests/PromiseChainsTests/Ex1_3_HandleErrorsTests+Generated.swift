import CourseKit
import LegacyKit
import PromiseChains
import PromiseChainsReference
import PromiseKitLite
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex1_3_HandleErrorsTests {
  /// A refresh as a test draws it: the cache, and the feed's answer (a feed, or an error of any kind).
  struct Refresh: Sendable, CustomStringConvertible {
    let cache: [Article]
    let answer: Swift.Result<[Article], any Error>

    static let all: Gen<Refresh> = {
      let answers = Gen<Swift.Result<[Article], any Error>>.oneOf([
        Gen.feed.map { .success($0) }, Gen<any Error>.anyErrorOrOwnCancellation.map { .failure($0) },
      ])
      let caches = [
        [], [Article(id: 99, title: "Cached")], [Article(id: 98, title: "Old"), Article(id: 99, title: "Cached")],
      ]
      return .oneOf(caches.map { cache in answers.map { Refresh(cache: cache, answer: $0) } })
    }()

    var description: String {
      let cache = "the cache \(Said.feed(cache))"
      switch answer {
      case .success(let articles): return "\(cache) and the feed \(Said.feed(articles))"
      case .failure(let error): return "\(cache) and a feed that fails with \(Said.errorCase(error))"
      }
    }
  }

  /// What a refresh showed: its alerts and articles in order, how often the spinner went on and off,
  /// and whether it is still showing.
  static func shown(
    _ refresh: Refresh, _ refreshFeed: (NewsAPI, [Article], FeedScreen) -> PMKFinalizer
  ) async -> (content: [String], spinner: [String], showing: Bool) {
    let (api, screen) = (NewsAPI(), FeedScreen())
    switch refresh.answer {
    case .success(let articles): api.feeds.script(.succeed(articles))
    case .failure(let error): api.feeds.script(.fail(error))
    }
    try? await refreshFeed(api, refresh.cache, screen).finished(within: 0.5, "refreshFeed")
    await MainActor.run {}  // a hide already queued on the main queue gets its turn
    let events = screen.events
    return (
      events.filter { !$0.hasPrefix("spinner") }, events.filter { $0.hasPrefix("spinner") }, screen.isSpinnerShowing
    )
  }

  @Test(
    "On feeds of every kind and errors of every kind, every kind of cancellation too, the screen shows what the reference's shows"
  )
  func generatedRefreshes() async {
    await Generated.expect("refreshFeed", Refresh.all, describe: \.description) { refresh in
      let session = Session(token: "t", user: "ada")
      let mine = await Self.shown(refresh) {
        PromiseChains.refreshFeed(session: session, api: $0, cache: $1, screen: $2)
      }
      let reference = await Self.shown(refresh) {
        PromiseChainsReference.refreshFeed(session: session, api: $0, cache: $1, screen: $2)
      }
      if mine.content != reference.content {
        let did = "The screen showed \(mine.content), where it shows \(reference.content)"
        switch refresh.answer {
        case .success:
          return
            "\(did): \"show the articles with `screen.show(articles:)`, and no error alert\", every article of the feed, in its order, which \"On success: the spinner shows\" explains. [articles-not-shown] [error-on-success]"
        case .failure(LegacyError.offline):
          return
            "\(did): \"when the device is offline (`LegacyError.offline`), show the cached articles instead\", and no alert, which \"Offline: recover with the cached articles\" explains. [no-offline-fallback]"
        case .failure(let error) where error.isCancelled:
          return
            "\(did): \"a cancellation is neither success nor failure: no error alert, no cached fallback\", whatever its kind, which \"A cancellation is neither success nor failure\" explains. [catch-all-errors]"
        case .failure where mine.content.contains { $0.hasPrefix("articles") }:
          return
            "\(did): \"any other error: show it with `screen.showError(_:)`\", and the cache only when offline, which \"Any other error: no fallback\" explains. [recover-everything]"
        case .failure:
          return
            "\(did): \"any other error: show it with `screen.showError(_:)`\", whatever its kind, which \"Any other error: no fallback\" explains. [empty-catch]"
        }
      }
      guard mine.spinner != reference.spinner || mine.showing != reference.showing else { return nil }
      // The test that says it in fewest words first: the one of this path.
      let path =
        switch refresh.answer {
        case .success: "\"On success: the spinner shows\""
        case .failure(LegacyError.offline): "\"Offline: recover with\""
        case .failure(let error) where error.isCancelled: "\"A cancellation is neither\""
        case .failure: "\"Any other error: no fallback\""
        }
      if mine.showing, case .failure(let error) = refresh.answer, error.isCancelled {
        return
          "The spinner is still showing after a cancelled refresh, where the header says \"hide the spinner on every path, cancellation included\": `catch` skips a cancellation, whatever its kind, which \"A cancellation is neither\" explains. [spinner-in-done-and-catch]"
      }
      if mine.showing {
        return
          "The spinner is still showing after the refresh, where the header says \"hide the spinner on every path\", which \(path) explains. [spinner-left-on]"
      }
      return
        "The spinner went \(mine.spinner), where the header says \"show and hide the spinner once each\", which \"The spinner hides only once\" or \(path) explains. [spinner-out-of-order]"
    }
  }
}
