// Wrong answer to exercise 6.1 · one-do
// Mistake: "Both requests start with async let; one do around both awaits is enough to catch whichever fails."
// Lesson bullet: One failed source blanks the screen, or is not reported
// Failure says: One failed source must not blank the whole screen

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
    async let profile = sources.profiles.profile(id: userID)
    async let articles = sources.articles.latest(refresh: false)
    do {
      greeting = "Hello, \(try await profile.displayName)"
      headlines = try await articles.filter(\.isPublished).map(\.title)
    } catch {
      errors.append("The profile or the articles did not load: \(error).")
    }
    for await value in sources.sync.syncProgress() { syncProgress = value }
    for await batch in sources.gallery.gallery() { images.append(contentsOf: batch) }
  }
}

extension Result where Failure == any Error {
  /// The result of an `async` throwing call.
  fileprivate init(catching body: () async throws -> Success) async {
    do { self = .success(try await body()) } catch { self = .failure(error) }
  }
}
