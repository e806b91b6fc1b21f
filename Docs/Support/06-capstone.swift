// The invented order-history screen of Docs/06-capstone.md and its answers, declared just far
// enough for the lesson's code to compile: the models, the legacy services, the adapters the lesson
// names, the stubs its test uses, and the app around it. Nothing here runs; `.ci/check-lesson-code`
// compiles it with the lesson's blocks, which declare the boundary and the model themselves.

import Foundation

struct Order: Sendable {
  var summary: String
  var isCancelled: Bool
  static let samples: [Order] = []
}

struct LoyaltyBalance: Sendable {
  var points: Int
}

enum ParcelEvent: Sendable {
  case shipped, delivered
}

enum ShopError: Error {
  case offline
}

// The legacy services, and what they call back.
final class ShopCloud: Sendable {}
final class LoyaltyService: Sendable {}
final class InvoiceDownload: Sendable {}
protocol ParcelTrackerDelegate: AnyObject, Sendable {}
final class ParcelTracker: Sendable {}

// The adapters, one per source: the capstone's exercises write the dashboard's.
struct ShopCloudOrders: OrderRepository {
  let cloud: ShopCloud
  func orders(customer: Int) async throws -> [Order] { [] }
}
struct LoyaltyServiceBalance: LoyaltySource {
  let service: LoyaltyService
  func balance(customer: Int) async throws -> LoyaltyBalance { LoyaltyBalance(points: 0) }
}
struct ArchiveInvoices: InvoiceDownloadSource {
  let makeDownload: @Sendable () -> InvoiceDownload
  func invoiceDownload() -> AsyncStream<Double> { AsyncStream { $0.finish() } }
}
struct TrackerParcels: ParcelEventSource {
  let makeTracker: @Sendable (any ParcelTrackerDelegate) -> ParcelTracker
  func parcelEvents() -> AsyncStream<[ParcelEvent]> { AsyncStream { $0.finish() } }
}

// The stubs the screen-level test uses besides `StubLoyalty`.
struct StubOrders: OrderRepository {
  let result: Swift.Result<[Order], any Error>
  func orders(customer: Int) async throws -> [Order] { try result.get() }
}
struct StubInvoices: InvoiceDownloadSource {
  let values: [Double]
  func invoiceDownload() -> AsyncStream<Double> {
    AsyncStream { continuation in
      for value in values { continuation.yield(value) }
      continuation.finish()
    }
  }
}
struct StubParcels: ParcelEventSource {
  let batches: [[ParcelEvent]]
  func parcelEvents() -> AsyncStream<[ParcelEvent]> {
    AsyncStream { continuation in
      for batch in batches { continuation.yield(batch) }
      continuation.finish()
    }
  }
}

// The app around the screen.
@MainActor class UIViewController {}
@MainActor final class LegacyOrderHistoryPresenter {}
@MainActor final class LegacyOrderHistoryViewController: UIViewController {
  init(presenter: LegacyOrderHistoryPresenter) {}
}
@MainActor final class OrderHistoryViewController: UIViewController {
  init(model: OrderHistoryModel) {}
}

struct FeatureFlags: Sendable {
  enum Flag: Sendable { case asyncOrderHistory }
  func isEnabled(_ flag: Flag) -> Bool { false }
}

@MainActor final class AppServices {
  let customerID = 7
  func makeLegacyOrderHistoryPresenter() -> LegacyOrderHistoryPresenter { LegacyOrderHistoryPresenter() }
  func liveOrderHistorySources() -> OrderHistorySources {
    LessonCode.liveOrderHistorySources(
      shop: ShopCloud(), loyalty: LoyaltyService(), makeDownload: { InvoiceDownload() },
      makeTracker: { _ in ParcelTracker() })
  }
}
