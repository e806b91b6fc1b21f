// Wrong answer to exercise 6.1 · blank-on-reload
// Mistake: "try? turns each failure into nil, and nil into an empty part of the screen, with its sentence in errors."
// Anti-pattern: blank-on-reload
// Failure says: The reload failed, and it blanked what the first load had shown

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
    async let profile = try? sources.profiles.profile(id: userID)
    async let articles = try? sources.articles.latest(refresh: false)
    errors = []
    // After every `await`, a newer load may have started, and finished: then this one stops.
    let loadedProfile = await profile
    guard thisLoad == newestLoad else { return }
    greeting = loadedProfile.map { "Hello, \($0.displayName)" } ?? ""
    if loadedProfile == nil { errors.append("The profile did not load.") }
    let loadedArticles = await articles
    guard thisLoad == newestLoad else { return }
    headlines = loadedArticles?.filter(\.isPublished).map(\.title) ?? []
    if loadedArticles == nil { errors.append("The articles did not load.") }
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
