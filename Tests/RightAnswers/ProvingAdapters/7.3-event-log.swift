// Right answer to exercise 7.3 · event log
// Style: a spy view appends each request (reload with what was held, error with its error) to one log, compared whole.

import LegacyKit
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.3 A presenter tested with a stub repository")
@MainActor
struct Ex7_3_PresenterTests {
  /// Articles that neither the legacy singleton nor any default holds.
  static let mine = [Article(id: 731, title: "Only the stub has it"), Article(id: 732, title: "And this")]
  /// A second answer, different from the first, so that two loads can be told apart in the log.
  static let newer = [Article(id: 733, title: "Newer, from the stub")]
  /// The repository's error: not one any presenter would make up.
  static let failure = LegacyError.server(status: 503)

  /// How a test starts a load: through one of the presenter's two entry points.
  enum Entry: String, CaseIterable, Sendable {
    case viewDidLoad, pullToRefresh

    /// The `refresh` flag this entry point must pass to the repository.
    var refresh: Bool { self == .pullToRefresh }
  }

  @Test("A load from either entry point sets the articles, then reloads the view once", arguments: Entry.allCases)
  func firstLoad(from entry: Entry) async throws {
    let stub = StubArticleRepository(.success(Self.mine))
    let (presenter, log) = Self.screen(over: stub)
    try await Self.load(presenter, from: entry)
    #expect(log.events == [.reload(showing: Self.mine)])
    #expect(presenter.articles == Self.mine)
    #expect(stub.calls == [entry.refresh])
  }

  @Test("Pulling to refresh asks with refresh: true, and shows the newer articles")
  func pullToRefreshAfterTheFirstLoad() async throws {
    let stub = StubArticleRepository(.success(Self.mine), .success(Self.newer))
    let (presenter, log) = Self.screen(over: stub)
    try await Self.load(presenter, from: .viewDidLoad)
    try await Self.load(presenter, from: .pullToRefresh)
    #expect(log.events == [.reload(showing: Self.mine), .reload(showing: Self.newer)])
    #expect(presenter.articles == Self.newer)
    #expect(stub.calls == [false, true])
  }

  @Test(
    "A load that fails after a good one reports the repository's error and keeps the articles",
    arguments: Entry.allCases)
  func failureAfterAGoodLoad(from entry: Entry) async throws {
    let stub = StubArticleRepository(.success(Self.mine), .failure(Self.failure))
    let (presenter, log) = Self.screen(over: stub)
    try await Self.load(presenter, from: .viewDidLoad)
    try await Self.load(presenter, from: entry)
    #expect(log.events == [.reload(showing: Self.mine), .error(Self.failure)])
    #expect(presenter.articles == Self.mine)
    #expect(stub.calls == [false, entry.refresh])
  }

  @Test("A first load that fails reports the repository's error, and reloads nothing")
  func failureOnAnEmptyScreen() async throws {
    let stub = StubArticleRepository(.failure(Self.failure))
    let (presenter, log) = Self.screen(over: stub)
    try await Self.load(presenter, from: .viewDidLoad)
    #expect(log.events == [.error(Self.failure)])
    #expect(presenter.articles == [])
    #expect(stub.calls == [false])
  }

  /// A presenter over `stub`, with an event log for its view.
  private static func screen(over stub: StubArticleRepository) -> (ArticleListPresenter, EventLogView) {
    let log = EventLogView()
    let presenter = ArticleListPresenter(repository: stub, view: log)
    log.presenter = presenter
    return (presenter, log)
  }

  /// Starts a load from `entry`, then awaits the load it started (`presenter.loading`) under a deadline.
  private static func load(_ presenter: ArticleListPresenter, from entry: Entry) async throws {
    switch entry {
    case .viewDidLoad: presenter.onViewDidLoad()
    case .pullToRefresh: presenter.onPullToRefresh()
    }
    let loading = try #require(presenter.loading, "\(entry) started no load")
    try await withDeadline("the load \(entry) started") { await loading.value }
  }
}

/// The view, as one log of what it was asked to do, in order.
@MainActor
private final class EventLogView: ArticleListViewProtocol {
  enum Event: Equatable, CustomStringConvertible {
    /// `reloadList()`, with the articles the presenter held when it asked.
    case reload(showing: [Article])
    /// `handleApiError(error:)`, with its error (`nil` when it is not a `LegacyError`).
    case error(LegacyError?)

    var description: String {
      switch self {
      case .reload(let articles): "reload(\(articles.map(\.id)))"
      case .error(let error): "error(\(error.map { "\($0)" } ?? "not a LegacyError"))"
      }
    }
  }

  weak var presenter: ArticleListPresenter?
  private(set) var events: [Event] = []

  func reloadList() {
    events.append(.reload(showing: presenter?.articles ?? []))
  }

  func handleApiError(error: any Error) {
    events.append(.error(error as? LegacyError))
  }
}
