import PromiseKitLite

/// The legacy, promise-based singleton that fetches articles, with its completion-handler sibling.
///
/// Thousands of lines of the legacy app call `ArticleCloud.shared`; topic 3 adapts it
/// without changing it. Tests create their own instance with ``init()`` and script it
/// through ``articles``, so that parallel tests never share a script.
public final class ArticleCloud: Sendable {
  /// The instance the app uses.
  public static let shared = ArticleCloud()

  /// Behind both `getArticles` methods: the `forceRefresh` flag in, the articles out.
  public let articles = Endpoint<Bool, [Article]>(.succeed(Article.samples))

  /// A cloud that answers every call at once with ``Article/samples`` until scripted otherwise.
  public init() {}

  /// The articles, as a promise.
  public func getArticles(forceRefresh: Bool) -> Promise<[Article]> {
    let (promise, seal) = Promise<[Article]>.pending()
    getArticles(forceRefresh: forceRefresh, completion: seal.resolve)
    return promise
  }

  /// The articles, delivered once to `completion`.
  public func getArticles(
    forceRefresh: Bool, completion: @escaping @Sendable (Swift.Result<[Article], any Error>) -> Void
  ) {
    articles.call(forceRefresh) { reply in
      switch reply {
      case .value(let articles): completion(.success(articles))
      case .error(let error), .both(_, let error): completion(.failure(error))
      case .neither: completion(.failure(LegacyError.badRequest))
      }
    }
  }
}
