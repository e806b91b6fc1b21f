/// The app's existing boundary between screens and data: the newest articles, `async`.
///
/// Screens depend on this protocol, not on how articles are fetched, which is what
/// lets each data source be migrated alone: a thin adapter conforms to it, and a
/// test conforms to it with a stub that knows nothing of promises.
/// It is `Sendable` because a `@MainActor` presenter stores one and calls it from
/// the main actor into a nonisolated `async` method: a non-`Sendable` repository
/// could not cross that boundary in Swift 6.
public protocol ArticleRepository: Sendable {
  /// The newest articles; `refresh` bypasses any cache.
  func latest(refresh: Bool) async throws -> [Article]
}
