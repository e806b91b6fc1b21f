// Wrong answer to exercise 6.1 · errors-kept
// Mistake: "errors is a log of what went wrong: each failure is added to it, and nothing needs
//   clearing, since a part that answers is drawn anyway."
// Anti-pattern: errors-kept
// Failure says: The reload answered, and the screen shows it, yet errors still says

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
  /// Which call of `load()` is the newest: an older one that is still waiting must not draw.
  private var newestLoad = 0

  /// A dashboard for user `userID` over `sources`.
  public init(sources: DashboardSources, userID: Int) {
    self.sources = sources
    self.userID = userID
  }

  /// Loads every part of the screen. Called again before it has finished (a pull to refresh),
  /// the newest call wins: what an older call receives after that changes nothing.
  public func load() async {
    newestLoad += 1
    let thisLoad = newestLoad
    // Both requests start now; each failure is reported on its own, so one broken source
    // never blanks the whole screen.
    async let profile = Result { try await sources.profiles.profile(id: userID) }
    async let articles = Result { try await sources.articles.latest(refresh: false) }
    // After every `await`, a newer load may have started, and finished: then this one stops.
    let profileResult = await profile
    guard thisLoad == newestLoad else { return }
    switch profileResult {
    case .success(let profile): greeting = "Hello, \(profile.displayName)"
    case .failure(let error): errors.append("The profile did not load: \(error).")
    }
    let articlesResult = await articles
    guard thisLoad == newestLoad else { return }
    switch articlesResult {
    case .success(let articles): headlines = articles.filter(\.isPublished).map(\.title)
    case .failure(let error): errors.append("The articles did not load: \(error).")
    }
    for await value in sources.sync.syncProgress() {
      guard thisLoad == newestLoad else { return }
      syncProgress = value
    }
    var firstBatch = true
    for await batch in sources.gallery.gallery() {
      guard thisLoad == newestLoad else { return }
      // A reload shows the gallery once: its first batch replaces what the last load showed.
      images = firstBatch ? batch : images + batch
      firstBatch = false
    }
  }
}

extension Result where Failure == any Error {
  /// The result of an `async` throwing call.
  fileprivate init(catching body: () async throws -> Success) async {
    do { self = .success(try await body()) } catch { self = .failure(error) }
  }
}
