// The invented weather app of Docs/01-promise-chains.md and its answers, declared just far enough
// for the lesson's code to compile. Nothing here runs; `.ci/check-lesson-code` compiles it with the
// lesson's blocks. The globals at the end stand for what a block's surrounding code would hold.

import Foundation
import LegacyKit
import PromiseKitLite

struct Forecast: Sendable {
  struct Period: Sendable {
    var isDaytime: Bool
    var summary: String
  }
  var periods: [Period]
  var high: Int
}

struct Location: Sendable {}
struct Station: Sendable {}
struct RadarImage: Sendable {
  init(decoding data: Data) {}
}
struct ReportStatus: Sendable {
  var downloadURL: URL?
}

/// The callback-based service.
struct WeatherService: Sendable {
  func fetchForecast(city: String, completion: @escaping @Sendable (Forecast?, (any Error)?) -> Void) {}
}

/// The promise-based client.
struct WeatherAPI: Sendable {
  func currentLocation() -> Promise<Location> { Promise.value(Location()) }
  func nearestStation(to location: Location) -> Promise<Station> { Promise.value(Station()) }
  func forecast(station: Station) -> Promise<Forecast> { Promise.value(Forecast(periods: [], high: 0)) }
  func forecast(city: String) -> Promise<Forecast> { Promise.value(Forecast(periods: [], high: 0)) }
  func radarData(city: String) -> Promise<Data> { Promise.value(Data()) }
  func reportStatus(job: String) -> Promise<ReportStatus> { Promise.value(ReportStatus()) }
}

/// The screen, updated on the main queue.
struct ForecastScreen: Sendable {
  func show(summaries: [String]) {}
  func show(_ forecast: Forecast) {}
  func show(_ image: RadarImage) {}
  func showSpinner() {}
  func hideSpinner() {}
  func showError(_ error: any Error) {}
}

struct Preferences: Sendable {
  var unit: String
}

/// A store that answers from a background queue.
struct PreferencesStore: Sendable {
  func load() -> Promise<Preferences> { Promise.value(Preferences(unit: "°C")) }
}

struct Reading: Sendable {
  var stationID: String
}
struct Token: Sendable {}
struct Slot: Sendable {}
struct Report: Sendable {}

/// The station's backend, in its callback and its promise versions.
struct StationBackend: Sendable {
  func log(_ event: String) {}
  func authorize(station: String, completion: @escaping @Sendable (Swift.Result<Token, any Error>) -> Void) {}
  func openSlot(token: Token, completion: @escaping @Sendable (Swift.Result<Slot, any Error>) -> Void) {}
  func authorize(station: String) -> Promise<Token> { Promise.value(Token()) }
  func openSlot(token: Token) -> Promise<Slot> { Promise.value(Slot()) }
  func send(_ reading: Reading, into slot: Slot, token: Token) -> Promise<Report> { Promise.value(Report()) }
  func free(_ slot: Slot) {}
  func notifySubscribers(of report: Report) -> Promise<Void> { Promise.value(()) }
}

/// The migrated boundary of answer 10: the promise-based API behind an `async throws` protocol.
protocol ForecastRepository: Sendable {
  func forecast(city: String) async throws -> Forecast
}

var api: WeatherAPI { WeatherAPI() }
var forecasts: any ForecastRepository { fatalError("declared for the compiler only") }
var service: WeatherService { WeatherService() }
var screen: ForecastScreen { ForecastScreen() }
var store: PreferencesStore { PreferencesStore() }
var backend: StationBackend { StationBackend() }
var city: String { "Oslo" }
var cities: [String] { ["Oslo", "Bergen", "Tromsø"] }
var reading: Reading { Reading(stationID: "OSL") }
var completion: @Sendable (Swift.Result<Report, any Error>) -> Void { { _ in } }
