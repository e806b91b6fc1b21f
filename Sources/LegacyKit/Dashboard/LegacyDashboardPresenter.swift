import Locking
import PromiseKitLite

/// The dashboard as the legacy app builds it: four legacy APIs, four callback styles, one presenter.
///
/// The capstone migrates this screen without touching this file: the rest of the app
/// keeps using it, and it keeps compiling and working while the new screen grows
/// beside it. Its output is a list of lines a (stand-in) view shows.
public final class LegacyDashboardPresenter: @unchecked Sendable {
  // Legacy code: `lines` is guarded by `lock`, by hand, as the old app did.
  private let lock = Locked<[String]>([])
  private let cloud: ArticleCloud
  private let profiles: UserProfileService
  private let download: ProgressDownload

  /// A presenter over the legacy services.
  public init(cloud: ArticleCloud = .shared, profiles: UserProfileService, download: ProgressDownload) {
    self.cloud = cloud
    self.profiles = profiles
    self.download = download
  }

  /// What the screen shows, in the order it arrived.
  public var lines: [String] {
    lock.withLock { $0 }
  }

  /// Loads everything the legacy way; `completion` runs when the articles and the profile are in.
  public func load(userID: Int, completion: @escaping @Sendable () -> Void) {
    let profile = Promise<UserProfile> { seal in
      profiles.loadProfile(id: userID) { profile, error in seal.resolve(profile, error) }
    }
    download.start(
      progress: { [lock] value in lock.withLock { $0.append("sync \(Int(value * 100))%") } }, completion: { _ in })
    when(fulfilled: profile, cloud.getArticles(forceRefresh: false))
      .done(on: nil) { [lock] profile, articles in
        lock.withLock { $0.append("Hello, \(profile.displayName)") }
        lock.withLock { $0.append(contentsOf: articles.filter(\.isPublished).map(\.title)) }
      }
      .ensure(on: nil) { completion() }
      .catch(on: nil) { [lock] error in lock.withLock { $0.append("error \(error)") } }
  }
}
