// Wrong answer to exercise 3.7 · every-headline
// Mistake: "With the widget reading through the repository, the old body is gone, and one line does it: the
//   repository's titles. The widget lays out what fits."
// Anti-pattern: widget-headlines
// Failure says: The widget shows the first three headlines, in order, as it did before the fix

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
    // Checked: when a path never resumes, the runtime says so. Resumed from both ends of the chain.
    try await withCheckedThrowingContinuation { continuation in
      cloud.getArticles(forceRefresh: refresh)
        .done(on: nil) { continuation.resume(returning: $0) }
        .catch(on: nil, policy: .allErrors) { continuation.resume(throwing: $0) }
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
    // One bridge, reused; the UI is touched after `await`, back on the main actor.
    if let loaded = try? await FeedRepository(cloud: cloud).latest(refresh: true) {
      articles = loaded
    }
    activity.stop()
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
    try await repository.latest(refresh: false).map(\.title)
  }
}

/// Download progress, for the progress bar.
public struct DownloadProgressAdapter: Sendable {
  /// An adapter.
  public init() {}

  /// The progress of `download`, from 0 to 1, ending when the download ends.
  public func progress(of download: ProgressDownload) -> AsyncStream<Double> {
    // A source that calls back many times is a stream, not a continuation.
    AsyncStream { stream in
      download.start(progress: { stream.yield($0) }, completion: { _ in stream.finish() })
    }
  }
}
