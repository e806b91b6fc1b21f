import LegacyKit

/// A profile source that answers with a fixed result.
public struct StubProfileSource: ProfileSource {
  /// What every call returns or throws.
  public let result: Result<UserProfile, any Error>
  private let delay: Duration
  private let gauge: ConcurrencyGauge?

  /// A stub answering with `result`, after `delay`, counting overlapping calls in `gauge` if given.
  public init(_ result: Result<UserProfile, any Error>, delay: Duration = .zero, gauge: ConcurrencyGauge? = nil) {
    self.result = result
    self.delay = delay
    self.gauge = gauge
  }

  public func profile(id: Int) async throws -> UserProfile {
    try await ConcurrencyGauge.measure(gauge) {
      if delay > .zero { try? await Task.sleep(for: delay) }
      return try result.get()
    }
  }
}

/// A sync source whose every sync reports the same values, then ends.
public struct StubSyncSource: SyncProgressSource {
  /// The values each sync reports.
  public let values: [Double]

  /// A stub reporting `values`.
  public init(_ values: [Double]) {
    self.values = values
  }

  public func syncProgress() -> AsyncStream<Double> {
    AsyncStream { continuation in
      for value in values { continuation.yield(value) }
      continuation.finish()
    }
  }
}

/// A gallery source that delivers the same batches, then ends.
public struct StubGallerySource: GallerySource {
  /// The batches it delivers.
  public let batches: [[UIImage]]

  /// A stub delivering `batches`.
  public init(_ batches: [[UIImage]]) {
    self.batches = batches
  }

  public func gallery() -> AsyncStream<[UIImage]> {
    AsyncStream { continuation in
      for batch in batches { continuation.yield(batch) }
      continuation.finish()
    }
  }
}
