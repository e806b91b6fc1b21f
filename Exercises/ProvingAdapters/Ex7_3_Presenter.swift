// Exercise 7.3 · A presenter tested with a stub repository
//
// Write the tests that prove `ArticleListPresenter` (in `ProvingAdaptersSubjects`: read its doc
// comment) at its boundary: give it a `StubArticleRepository` (from ProvingKit) and a spy view of
// your own that conforms to `ArticleListViewProtocol`, on the main actor. Your tests never touch
// the legacy singleton or the promise library. Prove that:
// - a load sets the repository's articles and then reloads the view, once;
// - pulling to refresh asks the repository with `refresh: true`;
// - a failed load calls `handleApiError(error:)` with the repository's error, and keeps the
//   articles already shown.
// `presenter.loading` is the load started last: await its `value` (under `withDeadline`).
//
// `swift run course check 7.3` runs your tests against the correct presenter, then against broken
// ones, and names each broken one that your tests let through. Replace the test below with yours.
//
// Lesson: Docs/07-proving-adapters.md#a-presenter-at-its-boundary

import LegacyKit
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.3 A presenter tested with a stub repository")
@MainActor
struct Ex7_3_PresenterTests {
  @Test("Not started yet: replace this test with your tests")
  func notStartedYet() throws {
    throw NotStarted("7.3")
  }
}
