// Exercise 6.1 · Screen-level tests first: the model on the new boundary
// Grade 2 (practice) · Lesson: Docs/06-capstone.md#screen-level-tests-first
// Check it: swift run course check 6.1   (or: swift test --filter CapstoneTests.Ex6_1_DashboardModelTests)
//
// The legacy dashboard (`LegacyDashboardPresenter`) reaches into four legacy APIs.
// The migrated dashboard sees only `DashboardSources`, so it can be written, and
// tested with stubs, before a single legacy source is adapted. `load()`:
//   - loads the profile (greeting "Hello, <name>") and the articles (the published
//     titles) at the same time; [wrong-greeting] [wrong-headlines] [sequential-requests]
//   - asks for the profile of the model's own user (`userID`), once; [wrong-user]
//   - reads the articles from the cache (`refresh: false`), once, as the legacy dashboard did; [refresh-on-load]
//   - reads the sync progress to its end (`syncProgress` is the last value) and the
//     gallery to its end (`images`, in order); [replace-images]
//   - returns only once all of it is on the screen: nothing is left to a `Task { }`; [loops-in-tasks]
//   - a source that fails adds one sentence to `errors` naming it ("profile",
//     "articles") and leaves its part of the screen as it was; the rest still loads;
//     [one-do] [guest-greeting] [blank-on-reload]
//   - `errors` holds the last load's failures only: each load starts with none; [errors-kept]
//   - a load whose sources all answer adds nothing to `errors`; [error-without-failure]
//   - a reload (`load()` called again, say by pull to refresh) starts at once, even
//     while an earlier call still waits, and the newest call wins: what an earlier
//     call receives after that changes nothing. [older-answer-lands-last] [late-failure-reported]
//   - a reload shows the gallery once. [gallery-twice]

import CourseCatalog
import LegacyKit

/// The migrated dashboard screen's state.
@MainActor
public final class DashboardModel {
  /// "Hello, <name>", once the profile is in.
  public private(set) var greeting = ""
  /// The titles of the published articles.
  public private(set) var headlines: [String] = []
  /// The sync's progress, from 0 to 1.
  public private(set) var syncProgress = 0.0
  /// The gallery's images, in order.
  public private(set) var images: [UIImage] = []
  /// One sentence per source that failed.
  public private(set) var errors: [String] = []

  private let sources: DashboardSources
  private let userID: Int

  /// A dashboard for user `userID` over `sources`.
  public init(sources: DashboardSources, userID: Int) {
    self.sources = sources
    self.userID = userID
  }

  /// Loads every part of the screen.
  public func load() async {
    _ = NotStarted("6.1")  // Replace this line.
  }
}
