import Dispatch
import Locking

/// A report, as ``ReportService`` delivers it.
public struct Report: Sendable, Hashable, CustomStringConvertible {
  /// The id it was asked for.
  public let id: String
  /// Its title.
  public let title: String

  /// A report of `id`, titled `title`.
  public init(id: String, title: String) {
    self.id = id
    self.title = title
  }

  public var description: String { "Report(\(id), \"\(title)\")" }
}

/// A report service of the Swift 5 era: one object per request, answering later on its own queue.
///
/// Like many delegate-based SDK objects (a products request, a geocoder, an export session), it
/// does the work only while someone holds it: **a service that goes away cancels its requests;
/// their completions are never called.** Its `deinit` drops every request still pending, silently:
/// no error, no callback. Whoever asks it for a report must keep it alive until the completion has
/// run. It holds a connection open for as long as it lives, so make one per request, and let it go
/// once it has answered.
///
/// It keeps each completion until it calls it, and lets it go as soon as it has. It has no way to
/// cancel a request other than going away. Thread-safe: call it from any thread.
public final class ReportService: Sendable {
  private let backend: ReportBackend
  private let queue = DispatchQueue(label: "LegacyKit.ReportService")
  /// The completions of the requests not answered yet, by the backend's request index.
  private let pending = Locked<[Int: @Sendable (Result<Report, any Error>) -> Void]>([:])

  /// A service that talks to `backend` (in the app, the network; in a test, a ``ReportBackend`` the
  /// test answers by hand).
  public init(backend: ReportBackend) {
    self.backend = backend
    backend.serviceMade()
  }

  /// Asks for the report `id`; `completion` is called once, later, on the service's own queue, with
  /// the report or the error, unless the service goes away first: then it is never called.
  public func fetchReport(id: String, completion: @escaping @Sendable (Result<Report, any Error>) -> Void) {
    // Kept before the backend lists the request, so an answer always finds it.
    backend.open(id, from: self) { index in pending.withLock { $0[index] = completion } }
  }

  /// The backend answered request `index`: its completion runs on the service's queue, once.
  func deliver(_ index: Int, _ outcome: Result<Report, any Error>) {
    Deliveries.schedule(.queue(queue), after: 0) { [self] in
      guard let completion = pending.withLock({ $0.removeValue(forKey: index) }) else { return }
      completion(outcome)
    }
  }

  deinit {
    // The requests still pending are cancelled: their completions are released here, never called.
    let dropped = pending.withLock { Array($0.keys) }
    backend.serviceEnded(dropping: dropped)
  }
}

/// Where ``ReportService``s send their requests: in the app, the network; in a test, this object,
/// which holds every request until the test answers it. A test hook, documented as such.
///
/// Like a network, it does not keep a service alive: it holds each one weakly, and an answer to a
/// service that has gone away goes nowhere. It counts the services that are alive, and remembers the
/// requests whose service went away while they were pending.
///
/// ```swift
/// let backend = ReportBackend()
/// let service = ReportService(backend: backend)
/// service.fetchReport(id: "q3") { print($0) }
/// backend.answer(0, with: .success(Report(id: "q3", title: "Third quarter")))
/// ```
public final class ReportBackend: Sendable {
  private struct Request: Sendable {
    let id: String
    weak var service: ReportService?
    var answered = false
    var dropped = false
  }

  private struct State: Sendable {
    var requests: [Request] = []
    var made = 0
    var ended = 0
  }

  private let state = Locked(State())

  /// A backend with no request yet.
  public init() {}

  /// The id of every request, in the order the services sent them.
  public var requests: [String] {
    state.withLock { $0.requests.map(\.id) }
  }

  /// How many services talking to this backend were made.
  public var servicesMade: Int { state.withLock { $0.made } }

  /// How many services talking to this backend are alive now.
  public var servicesAlive: Int { state.withLock { $0.made - $0.ended } }

  /// The indexes of the requests whose service went away while they were pending: their completions
  /// were dropped, never called.
  public var droppedRequests: [Int] {
    state.withLock { state in state.requests.indices.filter { state.requests[$0].dropped } }
  }

  /// Answers request `index` (from 0, in the order of ``requests``) with `outcome`; returns whether
  /// its service was still there to take it. An answer to a service that has gone away goes nowhere.
  @discardableResult
  public func answer(_ index: Int, with outcome: Result<Report, any Error>) -> Bool {
    let service = state.withLock { state -> ReportService? in
      guard state.requests.indices.contains(index), !state.requests[index].answered else { return nil }
      state.requests[index].answered = true
      return state.requests[index].service
    }
    guard let service else { return false }
    service.deliver(index, outcome)
    return true
  }

  func serviceMade() {
    state.withLock { $0.made += 1 }
  }

  func serviceEnded(dropping indexes: [Int]) {
    state.withLock { state in
      state.ended += 1
      for index in indexes where !state.requests[index].answered { state.requests[index].dropped = true }
    }
  }

  /// Lists a new request of `service`, once `keep` has kept its completion under the request's index.
  func open(_ id: String, from service: ReportService, keep: (Int) -> Void) {
    state.withLock { state in
      keep(state.requests.count)
      state.requests.append(Request(id: id, service: service))
    }
  }
}
