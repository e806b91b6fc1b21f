// The subject of exercise 7.3, with its mutants: the presenter of exercise 3.6, with pull to refresh.

import LegacyKit
import PromiseKitLite

/// Loads the article list for its view, on the main actor, from an `ArticleRepository`.
///
/// A load that succeeds sets ``articles`` and then asks the view to reload. A load that fails
/// calls the view's `handleApiError(error:)` and keeps the articles already shown.
@MainActor
public final class ArticleListPresenter: ArticleListPresenterProtocol {
  /// The screen; weak, because the screen owns its presenter.
  public weak var view: (any ArticleListViewProtocol)?
  /// The articles shown, after the last successful load.
  public private(set) var articles: [Article] = []
  /// The load started last, which a test can await.
  public private(set) var loading: Task<Void, Never>?
  private let repository: any ArticleRepository

  /// A presenter that loads from `repository` for `view`.
  public init(repository: any ArticleRepository, view: (any ArticleListViewProtocol)? = nil) {
    self.repository = repository
    self.view = view
  }

  /// The screen appeared: load the articles, from a cache if the repository has one.
  public func onViewDidLoad() {
    load(refresh: false)
  }

  /// The user pulled to refresh: load the newest articles, bypassing any cache.
  public func onPullToRefresh() {
    load(refresh: Mutant.chosen(for: "7.3") != "refresh-dropped")
  }

  private func load(refresh: Bool) {
    let mutant = Mutant.chosen(for: "7.3")
    loading = Task {
      if mutant == "load-never-finishes" { await Self.waitForever() }
      do {
        let articles: [Article]
        if mutant == "shared-singleton" {
          articles = try await Self.fromTheSingleton(refresh: refresh)
        } else {
          articles = try await repository.latest(refresh: refresh)
        }
        if mutant == "reload-before-set" { view?.reloadList() }
        self.articles = articles
        if mutant != "no-reload" && mutant != "reload-before-set" { view?.reloadList() }
        if mutant == "reloads-twice" { view?.reloadList() }
        if mutant == "hangs-after-reload" { await Self.waitForever() }
      } catch {
        if mutant == "clears-on-error" { articles = [] }
        if mutant == "other-error" {
          view?.handleApiError(error: PresenterFailed())
        } else if mutant != "error-swallowed" {
          view?.handleApiError(error: error)
        }
      }
    }
  }

  /// For the mutants that never finish: waits for a continuation that nobody keeps, let alone resumes
  /// (unsafe, so the runtime says nothing).
  private nonisolated static func waitForever() async {
    await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
  }

  /// For the mutant `shared-singleton`: the articles of the legacy singleton, not of the repository given.
  private nonisolated static func fromTheSingleton(refresh: Bool) async throws -> [Article] {
    try await withCheckedThrowingContinuation { continuation in
      ArticleCloud.shared.getArticles(forceRefresh: refresh)
        .done(on: nil) { continuation.resume(returning: $0) }
        .catch(on: nil, policy: .allErrors) { continuation.resume(throwing: $0) }
    }
  }
}

/// The error a broken presenter reports instead of its repository's.
struct PresenterFailed: Error {}
