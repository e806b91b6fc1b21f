// Wrong answer to exercise 6.1 · reload-waits
// Mistake: "Two loads must not interleave, so each call waits for the one before it."
// Anti-pattern: older-answer-lands-last
// Failure says: The reload waited for the earlier load, whose answers were still on their way
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
  /// The call of `load()` in progress, which the next one waits for.
  private var current: Task<Void, Never>?

  /// A dashboard for user `userID` over `sources`.
  public init(sources: DashboardSources, userID: Int) {
    self.sources = sources
    self.userID = userID
  }

  /// Loads every part of the screen, once the call before has finished, so two never interleave.
  public func load() async {
    let previous = current
    let this = Task { @MainActor in
      await previous?.value
      await loadNow()
    }
    current = this
    await this.value
  }

  private func loadNow() async {
    // Both requests start now; each failure is reported on its own, so one broken source
    // never blanks the whole screen.
    async let profile = Result { try await sources.profiles.profile(id: userID) }
    async let articles = Result { try await sources.articles.latest(refresh: false) }
    errors = []
    let profileResult = await profile
    switch profileResult {
    case .success(let profile): greeting = "Hello, \(profile.displayName)"
    case .failure(let error): errors.append("The profile did not load: \(error).")
    }
    let articlesResult = await articles
    switch articlesResult {
    case .success(let articles): headlines = articles.filter(\.isPublished).map(\.title)
    case .failure(let error): errors.append("The articles did not load: \(error).")
    }
    for await value in sources.sync.syncProgress() {
      syncProgress = value
    }
    var firstBatch = true
    for await batch in sources.gallery.gallery() {
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
