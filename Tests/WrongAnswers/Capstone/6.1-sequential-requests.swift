// Wrong answer to exercise 6.1 · sequential-requests
// Mistake: "Await the profile, then ask for the articles: the code reads top to bottom, and each result has its own do."
// Lesson bullet: The two requests ran one after the other
// Failure says: The two requests ran one after the other

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
    do {
      let profile = try await sources.profiles.profile(id: userID)
      greeting = "Hello, \(profile.displayName)"
    } catch {
      errors.append("The profile did not load: \(error).")
    }
    do {
      let articles = try await sources.articles.latest(refresh: false)
      headlines = articles.filter(\.isPublished).map(\.title)
    } catch {
      errors.append("The articles did not load: \(error).")
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
