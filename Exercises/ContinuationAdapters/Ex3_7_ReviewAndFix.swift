// Exercise 3.7 · Review and fix an adapter
// Grade 4 (interview-hard) · Lesson: Docs/03-continuation-adapters.md#review-checklist
// Check it: swift run course check 3.7   (or: swift test --filter ContinuationAdaptersTests.Ex3_7_ReviewAndFixTests)
//
// This file was written in a hurry, during the first week of a migration. It
// compiles, it passed a demo, and it has the five problems of the lesson's "Review
// checklist" (its numbered list), one of each. Find them, fix them. [keeps-unsafe] [keeps-presenter-copy] [keeps-done-only]
// [keeps-spinner-in-closure] [keeps-progress-continuation]
// Keep every type's public API as it is: the rest of the app already calls it.
// Keep what each type does, too:
//   - `FeedRepository` throws when a request fails or is cancelled; [swallow-error]
//   - `FeedPresenter` shows the articles the cloud sent, and keeps them when a refresh fails;
//     [other-articles] [clears-articles]
//   - `WidgetProvider` shows the first three headlines, in order; [widget-headlines]
//   - `FeedRepository` passes `refresh` on as `forceRefresh`; `FeedPresenter.refresh()` asks for fresh
//     articles, and the widget for cached ones; [refresh-flags]
//   - the progress stream gives every progress value, in order, however many arrive before the
//     bar reads them; [progress-values-lost]
//   - the progress stream ends when the download ends, whether it succeeds or fails.
//     [progress-failure-hangs]
// Each failing test names one problem.

import CourseCatalog
import LegacyKit
import PromiseKitLite

/// The feed's adapter over the legacy cloud.
public struct FeedRepository: ArticleRepository {
  /// The legacy source.
  public let cloud: ArticleCloud

  /// A repository over `cloud`.
  public init(cloud: ArticleCloud = .shared) {
    self.cloud = cloud
  }

  public func latest(refresh: Bool) async throws -> [Article] {
    // "The checked continuation kept printing warnings, so I switched to the unsafe one."
    try await withUnsafeThrowingContinuation { continuation in
      _ = cloud.getArticles(forceRefresh: refresh).done { articles in
        continuation.resume(returning: articles)
      }
    }
  }
}

/// The feed screen's presenter: shows a spinner while it refreshes.
@MainActor
public final class FeedPresenter {
  /// The articles on screen.
  public private(set) var articles: [Article] = []
  /// The spinner; a legacy view that must only be touched on the main actor.
  public nonisolated let activity: ActivityIndicator
  private let cloud: ArticleCloud

  /// A presenter over `cloud` that spins `activity` while it loads.
  public init(cloud: ArticleCloud, activity: ActivityIndicator) {
    self.cloud = cloud
    self.activity = activity
  }

  /// Reloads the articles; keeps the old ones when loading fails.
  public func refresh() async {
    activity.start()
    let activity = self.activity
    let loaded: [Article]? = try? await withCheckedThrowingContinuation { continuation in
      _ = cloud.getArticles(forceRefresh: true).done(on: nil) { articles in
        activity.stop()
        continuation.resume(returning: articles)
      }
    }
    articles = loaded ?? articles
  }
}

/// The home-screen widget's headlines.
public struct WidgetProvider: Sendable {
  /// Where the articles come from.
  public let repository: any ArticleRepository

  /// A provider over `repository`.
  public init(repository: any ArticleRepository) {
    self.repository = repository
  }

  /// The first three headlines.
  public func headlines() async throws -> [String] {
    let articles: [Article] = try await withCheckedThrowingContinuation { continuation in
      ArticleCloud.shared.getArticles(forceRefresh: false) { continuation.resume(with: $0) }
    }
    return articles.prefix(3).map(\.title)
  }
}

/// Download progress, for the progress bar.
public struct DownloadProgressAdapter: Sendable {
  /// An adapter.
  public init() {}

  /// The progress of `download`, from 0 to 1, ending when the download ends.
  public func progress(of download: ProgressDownload) -> AsyncStream<Double> {
    AsyncStream { stream in
      Task {
        // "Progress is just another callback: wrap it like the others."
        let value = await withCheckedContinuation { continuation in
          download.start(progress: { continuation.resume(returning: $0) }, completion: { _ in })
        }
        stream.yield(value)
        stream.finish()
      }
    }
  }
}
