import ContinuationAdapters
import ContinuationAdaptersReference
import CourseKit
import LegacyKit
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex3_7_ReviewAndFixTests {
  // A slice past the end of a short feed traps, so the feeds run in a child process: a trap fails this
  // test, in the runtime's words.
  @Test(
    "WidgetProvider: on feeds of every length (none, fewer than three, many, repeats and drafts), it shows the headlines the reference shows, proved in a child process"
  )
  func generatedWidgetFeeds() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 30) {
          let failure = await Generated.check(
            Gen<Article>.feed, describe: { "a repository answering the feed \(Said.feed($0))" }
          ) { feed in
            await Ex3_7_ReviewAndFixTests.widgetDifference(feed)
          }
          if let failure { throw Generated.probeFailure(failure) }
        }
      }
    }
    Generated.expectInChild(
      child, "WidgetProvider.headlines() on generated feeds",
      trapWords: ["Fatal error", "out of range", "out of bounds"],
      ifTrappedInCall:
        "WidgetProvider.headlines() crashed on one of the feeds drawn (none to seven articles), where the widget shows the first three headlines, in order, or every one of a shorter feed, none of an empty one, as it did before the fix, which \"WidgetProvider: reads through the repository it was given\" explains. [widget-headlines]"
    )
  }

  /// How the widget's headlines over a repository answering `feed` differ from the reference's, in a
  /// sentence; `nil` when they do not.
  static func widgetDifference(_ feed: [Article]) async -> String? {
    let stub = StubArticleRepository(.success(feed))
    let mine = try? await withDeadline("WidgetProvider.headlines()") {
      try await ContinuationAdapters.WidgetProvider(repository: stub).headlines()
    }
    // A widget that bridged the cloud again never asked its repository: "reads through the repository" names that.
    guard !stub.calls.isEmpty else { return nil }
    let reference = try? await withDeadline("the reference's WidgetProvider.headlines()") {
      try await ContinuationAdaptersReference.WidgetProvider(repository: StubArticleRepository(.success(feed)))
        .headlines()
    }
    guard mine != reference else { return nil }
    let said = mine.map { "\($0)" } ?? "nothing: it threw or never returned"
    return
      "Given the feed \(Said.feed(feed)), the widget showed \(said), where it shows the first three headlines, in order, or every one of a shorter feed, none of an empty one (\(reference.map { "\($0)" } ?? "nothing")), which \"WidgetProvider: reads through the repository it was given\" explains. [widget-headlines]"
  }
}
