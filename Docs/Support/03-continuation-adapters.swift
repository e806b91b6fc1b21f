// The invented types of Docs/03-continuation-adapters.md and its answers: the legacy APIs the
// worked examples adapt, declared just far enough for the lesson's code to compile. Nothing here
// runs; `.ci/check-lesson-code` compiles it with the lesson's blocks.

import Foundation
import LegacyKit
import PromiseKitLite

struct Forecast: Sendable {
  var high: Int
}

/// The app's boundary for forecasts, which the worked example implements over `WeatherAPI`.
protocol ForecastRepository: Sendable {
  func forecast(city: String) async throws -> Forecast
}

/// A promise-based weather client.
struct WeatherAPI: Sendable {
  func forecast(city: String) -> Promise<Forecast> { Promise.value(Forecast(high: 0)) }
}

struct Contact: Sendable {}

/// A service with the `(value?, error?)` calling convention.
struct ContactStore: Sendable {
  func fetchContact(id: String, completion: @escaping @Sendable (Contact?, (any Error)?) -> Void) {}
}

struct Reading: Sendable {}

/// A sensor that may call its completion more than once.
struct Thermometer: Sendable {
  func readTemperature(completion: @escaping @Sendable (Swift.Result<Reading, any Error>) -> Void) {}
}

struct TileKey: Sendable {}
struct Tile: Sendable {}

/// A request that is made first and started later, and can be cancelled.
final class TileRequest: Sendable {
  func start(completion: @escaping @Sendable (Swift.Result<Tile, any Error>) -> Void) {}
  func cancel() {}
}

struct TileFetcher: Sendable {
  func makeRequest(for key: TileKey) -> TileRequest { TileRequest() }
}

/// A repeating source: it calls back with every new step count until stopped.
struct Pedometer: Sendable {
  func startUpdates(_ handler: @escaping @Sendable (Int) -> Void) {}
  func stopUpdates() {}
}
