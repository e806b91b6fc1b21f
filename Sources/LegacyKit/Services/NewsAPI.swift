import PromiseKitLite

/// The app's promise-based API client: the code topic 1 chains and topic 3 adapts.
///
/// Each method is backed by its own ``Endpoint``, so a test can script a call
/// (fail the feed, delay a thumbnail) and see how it was called.
public final class NewsAPI: Sendable {
  /// Behind ``session(for:)``: the user's name in, a session out.
  public let sessions = Endpoint<String, Session> { user in .succeed(Session(token: "token-\(user)", user: user)) }
  /// Behind ``feed(session:)``: the session in, the articles out.
  public let feeds = Endpoint<Session, [Article]>(.succeed(Article.samples))
  /// Behind ``thumbnail(for:)``: the article's id in, its thumbnail out.
  public let thumbnails = Endpoint<Int, Thumbnail> { id in .succeed(Thumbnail(articleID: id)) }

  /// A client whose calls all succeed at once until scripted otherwise.
  public init() {}

  /// Opens a session for `user`.
  public func session(for user: String) -> Promise<Session> {
    promise(from: sessions, user)
  }

  /// The articles of the signed-in user's feed.
  public func feed(session: Session) -> Promise<[Article]> {
    promise(from: feeds, session)
  }

  /// The thumbnail of the article with `id`.
  public func thumbnail(for id: Int) -> Promise<Thumbnail> {
    promise(from: thumbnails, id)
  }

  private func promise<A: Sendable, V: Sendable>(from endpoint: Endpoint<A, V>, _ arguments: A) -> Promise<V> {
    let (promise, seal) = Promise<V>.pending()
    endpoint.call(arguments) { reply in
      switch reply {
      case .value(let value): seal.fulfill(value)
      case .error(let error), .both(_, let error): seal.reject(error)
      case .neither: seal.reject(PMKError.invalidCallingConvention)
      }
    }
    return promise
  }
}
