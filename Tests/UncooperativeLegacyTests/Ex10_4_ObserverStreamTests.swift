import CourseCatalog
import CourseKit
import Foundation
import LegacyKit
import Locking
import Testing
import UncooperativeLegacy

@Suite("10.4 Observers become a stream", .exercise("10.4"))
struct Ex10_4_ObserverStreamTests {
  let center = NoticeCenter()

  /// The name every test observes.
  static let name = "did-change"
  /// The value a test posts last, so that a reader knows it has read everything posted before it.
  static let marker = -1

  /// Reads `stream` until the marker, and returns what came before it; on a hang, records what it
  /// read with `sentence(read)`, and returns `nil`.
  ///
  /// The marker is posted after everything a test expects, on the same thread, so a stream that
  /// keeps its notices in order holds it last: a reader never waits for a count it cannot reach.
  func readToMarker(
    _ stream: AsyncStream<NoticeCenter.Notice>, ifHung sentence: @escaping @Sendable ([Int]) -> String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> [Int]? {
    let read = Locked<[Int]>([])
    do {
      return try await withDeadline("reading the stream of notices") {
        for await notice in stream {
          if notice.value == Self.marker { break }
          read.withLock { $0.append(notice.value) }
        }
        return read.withLock { $0 }
      }
    } catch let error as DeadlineExceeded {
      Issue.record(
        Comment(rawValue: AntiPattern.adding("(\(error.words))", to: sentence(read.withLock { $0 }))),
        sourceLocation: sourceLocation)
      return nil
    }
  }

  /// Whether the learner's observer, the closure given to `addObserver`, starts a `Task` (read from the
  /// code without its comments).
  static var observerStartsATask: Bool {
    let code = ExerciseSource.code(of: "10.4") ?? ""
    return code.range(of: #"addObserver\([^)]*\)\s*\{[^}]*\bTask\b"#, options: .regularExpression) != nil
  }

  /// The sentence for a stream that read `read` where `expected` (increasing) was posted, or `nil`.
  static func misread(_ read: [Int], _ expected: [Int], _ what: String) -> String? {
    guard read != expected else { return nil }
    if read != read.sorted() {
      return
        "\(what) read the notices out of order: yield each notice directly in the observer, on the posting thread, never from a `Task` per notice, which may start after the one posted next. [reordered]"
    }
    if read.isEmpty || read == Array(expected.suffix(read.count)) {
      // The oldest are missing: a buffer that keeps the newest, or a `Task` per notice whose first
      // tasks started after the notice posted after all of them (the code tells which).
      if observerStartsATask {
        return
          "\(what) read \(read.count) of the \(expected.count) notices posted before its consumer read the first, the first ones missing: they came after a notice posted later, out of order. Yield each notice directly in the observer, on the posting thread, never from a `Task` per notice, which may start after the one posted next. [reordered]"
      }
      return
        "\(what) read \(read.count) of the \(expected.count) notices posted before its consumer read the first: every notice is kept until it is read, so keep the default, unbounded buffer; `.bufferingNewest(n)` drops all but the last n of a burst. [dropped]"
    }
    return
      "\(what) read \(read.count) of \(expected.count) notices, in order, then a notice posted after all of them: the rest came later than it, out of order. Yield each notice directly in the observer, on the posting thread, never from a `Task` per notice. [reordered]"
  }

  /// The sentence for a stream whose reader hung, having read `read`.
  func hung(_ read: [Int], _ what: String) -> String {
    if center.registrationsMade == 0 {
      return
        "\(what) never received a notice, and the centre has no observer: add the observer in the builder closure, before notices(named:from:) returns, because the centre calls observers synchronously and keeps nothing. [registered-late]"
    }
    return
      "\(what) read \(read.count) notices, and never the one posted after them: every notice is kept until it is read, so keep the default, unbounded buffer. [dropped]"
  }

  /// The sentence for a stream that had added no observer by the time it was returned, or `nil`.
  func lateRegistration() -> String? {
    guard center.observerCount(forName: Self.name) == 0 else { return nil }
    return
      "When notices(named:from:) returned, the centre had no observer, so a notice posted on the caller's next line is lost: add the observer in the builder closure, not in a `Task` or on the first `next()`. [registered-late]"
  }

  /// Posts `values`, then the marker.
  func post(_ values: some Sequence<Int>) {
    for value in values { center.post(name: Self.name, value: value) }
    center.post(name: Self.name, value: Self.marker)
  }

  @Test("The observer is added before notices(named:from:) returns, so notices posted on the next line arrive")
  func registeredBeforeReturning() async throws {
    // With the pool held, a `Task` that would add the observer later cannot have run: the posts come
    // on the caller's very next lines, as they would from code that posts right after subscribing.
    let (stream, observers, made) = await withCooperativePoolHeld { [center] in
      let stream = notices(named: Self.name, from: center)
      let observers = center.observerCount(forName: Self.name)
      let made = center.registrationsMade
      for value in [1, 2, 3, Self.marker] { center.post(name: Self.name, value: value) }
      return (stream, observers, made)
    }
    guard observers == 1 else {
      Issue.record(
        observers == 0
          ? "When notices(named:from:) returned, the centre had no observer\(made > 0 ? " left" : ""), so the notices posted on the caller's next line were lost: the centre calls its observers synchronously and keeps nothing. Add the observer in the builder closure, which runs before the stream is returned, not in a `Task` or on the first `next()`\(made > 0 ? ", and keep it until the consumer stops" : ""). [registered-late]"
          : "One call of notices(named:from:) added \(observers) observers: add one, in the builder closure. [shared-registration]"
      )
      return
    }
    // Three notices (the marker aside, wherever it comes): a stream that keeps them all, late or not.
    let sofar = Locked<[Int]>([])
    guard
      let read = try await withDeadline(
        "reading three notices", ifHung: hung([], "A stream made before three posts"),
        operation: {
          for await notice in stream where notice.value != Self.marker {
            sofar.withLock { $0.append(notice.value) }
            if sofar.withLock({ $0.count }) == 3 { break }
          }
          return sofar.withLock { $0 }
        })
    else { return }
    if let sentence = Self.misread(read, [1, 2, 3], "A stream made before three posts") {
      Issue.record(Comment(rawValue: sentence))
    }
  }

  @Test("A burst of 5,000 notices posted before the consumer reads arrives whole, in order")
  func burstArrivesWhole() async throws {
    let stream = notices(named: Self.name, from: center)
    if let late = lateRegistration() {
      Issue.record(Comment(rawValue: late))
      return
    }
    let count = 5_000
    post(1...count)  // synchronous: all of it is in the stream's buffer before the first read
    guard let read = try await readToMarker(stream, ifHung: { self.hung($0, "A stream given a burst") })
    else { return }
    if let sentence = Self.misread(read, Array(1...count), "A stream given a burst of \(count)") {
      Issue.record(Comment(rawValue: sentence))
      return
    }
    // A bound past this burst's length loses notices only in a longer one: the code says it has one.
    if let bound = ExerciseSource.code(of: "10.4").flatMap({ ExerciseSource.boundedBuffers(in: $0).first }) {
      Issue.record(
        "The stream is made with a bounded buffer (`\(bound)`): a burst longer than that, posted before the consumer reads the first notice, loses notices. Every notice is kept, however many come: the default, unbounded buffer. [dropped]"
      )
    }
  }

  @Test("Two streams of the same name each make their own registration and each get every notice")
  func eachStreamItsOwnRegistration() async throws {
    let first = notices(named: Self.name, from: center)
    if let late = lateRegistration() {
      Issue.record(Comment(rawValue: late))
      return
    }
    let second = notices(named: Self.name, from: center)
    let observers = center.observerCount(forName: Self.name)
    guard observers == 2 else {
      Issue.record(
        "Two streams were made, and the centre has \(observers) observer\(observers == 1 ? "" : "s"): each call of notices(named:from:) adds an observer of its own, feeding its own stream, because an `AsyncStream` has one consumer and two loops over one stream take turns. [shared-registration]"
      )
      return
    }
    post(1...100)
    for (what, stream) in [("The first of two streams", first), ("The second of two streams", second)] {
      guard let read = try await readToMarker(stream, ifHung: { self.hung($0, what) }) else { return }
      if let sentence = Self.misread(read, Array(1...100), what) {
        Issue.record(Comment(rawValue: sentence))
        return
      }
    }
  }

  @Test("Cancelling the consumer's task ends its loop and removes the observer")
  func cancelRemoves() async throws {
    let stream = notices(named: Self.name, from: center)
    if let late = lateRegistration() {
      Issue.record(Comment(rawValue: late))
      return
    }
    let received = EventRecorder()
    // The consumer runs on an executor that says when it is parked: waiting inside `next()`, where a
    // cancel reaches the stream at once. (A task does not keep its executor alive, and a consumer that
    // never ends may still run there after the test.)
    let watch = Unmanaged.passRetained(SuspensionWatch()).takeUnretainedValue()
    let consumer = Task(executorPreference: watch) {
      for await notice in stream { received.record("\(notice.value)") }
    }
    center.post(name: Self.name, value: 1)
    guard await received.wait(for: 1) else {
      Issue.record(Comment(rawValue: hung([], "A stream read by a task")))
      consumer.cancel()
      return
    }
    // With the pool held, a `Task` that would remove the observer later cannot have run: the centre is
    // asked the moment the cancel returns.
    let leftAtCancel: Int
    if await watch.parked() {
      leftAtCancel = await withCooperativePoolHeld { [center] in
        consumer.cancel()
        return center.observerCount
      }
    } else {
      consumer.cancel()
      leftAtCancel = 0
    }
    let ended: Void? = try await withDeadline(
      "the cancelled consumer's for-await loop",
      ifHung:
        "The consumer's task was cancelled, but its for-await loop never ended: return the `AsyncStream` itself, whose iteration ends when its task is cancelled. [never-removed]"
    ) { await consumer.value }
    guard ended != nil else { return }
    let removed = await eventually { [center] in center.observerCount == 0 }
    #expect(
      removed,
      "The consumer's task was cancelled, and the centre still has \(center.observerCount) observer: remove it in `onTermination`, which runs when the consumer is cancelled, whatever the reason it gets. [never-removed]"
    )
    #expect(
      !removed || leftAtCancel == 0,
      "The consumer's task was cancelled while it waited for a notice, and its observer was still registered right after, removed only later: the observer is removed as soon as the consumer stops, so remove it in `onTermination` itself, not in a `Task` it starts, which runs whenever the pool gets to it. [never-removed]"
    )
  }

  @Test("Breaking out of the loop, and letting the stream go, removes the observer")
  func breakRemoves() async throws {
    let reached: Bool? = try await withDeadline(
      "the for-await loop over notices(named:from:)", ifHung: hung([], "A stream given one notice")
    ) { [center] in
      let stream = notices(named: Self.name, from: center)
      guard center.observerCount(forName: Self.name) == 1 else { return false }
      center.post(name: Self.name, value: 1)
      for await _ in stream { break }
      return true
    }  // the stream's last reference goes away here, which terminates it
    guard let reached else { return }
    guard reached else {
      Issue.record(
        "When notices(named:from:) returned, the centre had no observer, so a notice posted on the caller's next line is lost: add the observer in the builder closure, not in a `Task` or on the first `next()`. [registered-late]"
      )
      return
    }
    let removed = await eventually { [center] in center.observerCount == 0 }
    #expect(
      removed,
      "The consumer broke out of its loop and let the stream go, and the centre still has \(center.observerCount) observer, calling into a stream nobody reads: remove it in `onTermination`, which runs when the stream is released too. [never-removed]"
    )
  }

  @Test("A stream nobody reads removes its observer the moment it is released")
  func unreadStreamRemoves() async {
    // With the pool held, a `Task` that would remove the observer later cannot have run: the centre is
    // asked the moment the stream is released.
    let (registered, leftAtRelease) = await withCooperativePoolHeld { [center] in
      var registered = 0
      do {
        let stream = notices(named: Self.name, from: center)
        registered = center.observerCount(forName: Self.name)
        withExtendedLifetime(stream) {}
      }  // the stream's last reference goes away here, which terminates it
      return (registered, center.observerCount)
    }
    let removed = await eventually { [center] in center.observerCount == 0 }
    #expect(
      removed,
      "A stream nobody read was released, and the centre still has \(center.observerCount) observer: set `onTermination` in the builder closure, beside the registration, and remove the observer there. [never-removed]"
    )
    // A stream that never registered has nothing to remove: the registration tests say why.
    #expect(
      !removed || registered == 0 || leftAtRelease == 0,
      "A stream nobody read was released, and its observer was still registered right after, removed only later: the observer is removed as soon as the consumer stops, so remove it in `onTermination` itself, not in a `Task` it starts, which runs whenever the pool gets to it while posts keep calling into a stream nobody reads. [never-removed]"
    )
  }
}
