// The invented services of Docs/09-actors-and-structured-concurrency.md and its answers, declared
// just far enough for the lesson's code to compile: a configuration service, payments for seat
// booking, badges, and stock quotes. Nothing here runs; `.ci/check-lesson-code` compiles it with the
// lesson's blocks, which declare the actors and models themselves.

struct RemoteConfig: Sendable {
  var flags: [String: Bool]
}

final class ConfigService: Sendable {
  func fetch(_ name: String) async throws -> RemoteConfig { RemoteConfig(flags: [:]) }
}

struct SeatTaken: Error {
  var seat: String
}

final class Payments: Sendable {
  func charge(_ card: String) async throws {}
  func refund(_ card: String) async throws {}
}

struct Badge: Sendable {
  var title: String
}

final class BadgeService: Sendable {
  func badge(userID: Int) async throws -> Badge { Badge(title: "") }
  func followerCount(userID: Int) async throws -> Int { 0 }
}

final class QuoteService: Sendable {
  func prices(of symbol: String) -> AsyncStream<Double> { AsyncStream { $0.finish() } }
}
