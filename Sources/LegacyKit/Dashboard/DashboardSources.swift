/// Where the dashboard's user profile comes from, `async`.
public protocol ProfileSource: Sendable {
  /// The profile of user `id`.
  func profile(id: Int) async throws -> UserProfile
}

/// Where the dashboard's sync progress comes from: values from 0 to 1, ending when the sync ends.
public protocol SyncProgressSource: Sendable {
  /// A new sync's progress.
  func syncProgress() -> AsyncStream<Double>
}

/// Where the dashboard's gallery images come from: batches, ending when the last one arrives.
public protocol GallerySource: Sendable {
  /// The gallery's batches, in order.
  func gallery() -> AsyncStream<[UIImage]>
}

/// The four data sources of the dashboard screen: the boundary its migration is built on.
///
/// The legacy dashboard reaches into four legacy APIs of four different shapes (a
/// promise singleton, a completion handler, a progress callback, a background
/// delegate). The migrated screen sees only these protocols, so it is tested with
/// stubs, and each source is migrated, one at a time, behind its protocol.
public struct DashboardSources: Sendable {
  /// The newest articles.
  public var articles: any ArticleRepository
  /// The signed-in user's profile.
  public var profiles: any ProfileSource
  /// The background sync's progress.
  public var sync: any SyncProgressSource
  /// The gallery's images.
  public var gallery: any GallerySource

  /// Bundles the four sources.
  public init(
    articles: any ArticleRepository, profiles: any ProfileSource, sync: any SyncProgressSource,
    gallery: any GallerySource
  ) {
    self.articles = articles
    self.profiles = profiles
    self.sync = sync
    self.gallery = gallery
  }
}
