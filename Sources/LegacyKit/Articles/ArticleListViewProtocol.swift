/// What the article list screen can be asked to do; a view controller in the app, a spy in tests.
///
/// Main-actor isolated, as every UIKit view is: the compiler, not a code review,
/// keeps its calls on the main actor.
@MainActor
public protocol ArticleListViewProtocol: AnyObject {
  /// Shows the presenter's articles again.
  func reloadList()
  /// Tells the user that loading failed.
  func handleApiError(error: any Error)
}

/// What the article list screen tells its presenter.
@MainActor
public protocol ArticleListPresenterProtocol: AnyObject {
  /// The screen appeared: load the articles.
  func onViewDidLoad()
}
