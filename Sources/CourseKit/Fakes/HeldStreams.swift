import Locking

/// A repeating source a test delivers by hand: each stream it makes yields its values, and then
/// ends, one at a time, when the test says so.
///
/// The stream-shaped twin of ``HeldCalls``: a progress stream or a gallery whose values an order
/// explorer (``Interleavings``) delivers in every order beside the other moves of a scenario, so
/// that a value that arrives for an older load after a newer one started is a move it tries.
///
/// ```swift
/// let sync = HeldStreams<Double> { stream in stream == 0 ? [0.1, 0.2] : [0.5, 0.6] }
/// let source = StreamSyncSource(sync)    // each `syncProgress()` is `sync.stream()`
/// sync.deliverNext(0)                     // the first stream yields 0.1
/// ```
public final class HeldStreams<Element: Sendable>: Sendable {
  private struct Stream: Sendable {
    let continuation: AsyncStream<Element>.Continuation
    let values: [Element]
    var delivered = 0
    var ended = false
  }

  private let streams = Locked<[Stream]>([])
  private let values: @Sendable (Int) -> [Element]

  /// A source whose stream number `index` (from 0, in the order they are made) yields `values(index)`.
  public init(values: @escaping @Sendable (_ index: Int) -> [Element]) {
    self.values = values
  }

  /// A new stream, which yields nothing until ``deliverNext(_:)`` is called for it.
  public func stream() -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .unbounded)
    streams.withLock { streams in streams.append(Stream(continuation: continuation, values: values(streams.count))) }
    return stream
  }

  /// How many streams were made.
  public var count: Int { streams.withLock { $0.count } }

  /// The streams that have a value, or their end, still to deliver.
  public var waiting: [Int] { streams.withLock { streams in streams.indices.filter { !streams[$0].ended } } }

  /// Delivers stream `index`'s next value, or ends it after its last; returns what it delivered,
  /// `nil` for the end.
  @discardableResult
  public func deliverNext(_ index: Int) -> Element? {
    let step = streams.withLock { streams -> (AsyncStream<Element>.Continuation, Element?)? in
      guard streams.indices.contains(index), !streams[index].ended else { return nil }
      let stream = streams[index]
      if stream.delivered < stream.values.count {
        streams[index].delivered += 1
        return (stream.continuation, stream.values[stream.delivered])
      }
      streams[index].ended = true
      return (stream.continuation, nil)
    }
    guard let (continuation, value) = step else { return nil }
    if let value { continuation.yield(value) } else { continuation.finish() }
    return value
  }

  /// This source as a dependency of an ``Interleavings`` scenario: each delivery is a move, said as
  /// `name(stream)` with what it delivered ("sync 1 reported 0.5", "sync 1 ended").
  public func dependency(_ name: @escaping @Sendable (Int) -> String) -> Interleavings.Dependency {
    Interleavings.Dependency(
      waiting: { [self] in self.waiting },
      answer: { [self] index in
        guard let value = self.deliverNext(index) else { return "\(name(index)) ended" }
        return "\(name(index)) delivered \(value)"
      })
  }
}
