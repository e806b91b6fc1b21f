import CourseKit
import Foundation
import LegacyKit
import RepeatingSources
import Testing

@Suite("4.1 Progress callbacks to AsyncStream", .exercise("4.1"))
struct Ex4_1_ProgressStreamTests {
  static let neverFinished =
    "The download completed, but the stream never finished: call `finish()` in the completion, or the consumer's loop waits forever. [no-finish]"

  /// Collects the stream until it ends; on a hang, records `sentence` and returns `nil`.
  func collect(
    _ stream: AsyncStream<Double>, ifHung sentence: String = neverFinished,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> [Double]? {
    try await withDeadline(
      "the for-await loop over progressUpdates(of:)", ifHung: sentence, sourceLocation: sourceLocation
    ) {
      var values: [Double] = []
      for await value in stream { values.append(value) }
      return values
    }
  }

  @Test("Every progress value arrives, in order, and the stream ends when the download completes")
  func deliversEveryValueAndFinishes() async throws {
    guard let values = try await collect(progressUpdates(of: ProgressDownload())) else { return }
    #expect(
      values == [0.25, 0.5, 0.75, 1.0],
      "Yield every progress value, in order: the consumer read \(values), which \"A burst of 100\" or \"A consumer that starts reading after\" explains. [newest-only] [task-per-value]"
    )
  }

  @Test("A failed download ends the stream too, after the progress that came before")
  func failureFinishes() async throws {
    let download = ProgressDownload(plan: .init(progress: [0.1, 0.2], outcome: .failure(.offline)))
    let sentence =
      "A failed download must end the stream as well: finish in the completion, whatever its result; the stream never ended. [no-finish]"
    guard let values = try await collect(progressUpdates(of: download), ifHung: sentence) else { return }
    #expect(
      values == [0.1, 0.2],
      "A failed download ends the stream after the progress that came before it: the consumer read \(values), which \"A burst of 100\" or \"A consumer that starts reading after\" explains. [newest-only] [task-per-value]"
    )
  }

  @Test("The download is started once, when the stream is created")
  func startsOnceWhenCreated() async throws {
    let download = ProgressDownload()
    // With the pool held, a `Task` that would start the download later cannot have run yet.
    let (stream, startedWhenCreated) = await withCooperativePoolHeld {
      (progressUpdates(of: download), download.starts)
    }
    _ = try await collect(stream)
    #expect(
      startedWhenCreated == 1,
      "Start the source once, inside the builder closure, when the stream is created: when progressUpdates(of:) returned, the download had been started \(startedWhenCreated) times. [start-in-task]"
    )
    #expect(
      download.starts == 1,
      "Start the source once, inside the builder closure: the download was started \(download.starts) times in all. [start-in-task]"
    )
  }

  @Test("A consumer that starts reading after the download ended still gets every value")
  func lateConsumerGetsEverything() async throws {
    let download = ProgressDownload()
    let stream = progressUpdates(of: download)
    _ = await eventually { download.starts == 1 && !download.isRunning }  // every value has been yielded
    guard let values = try await collect(stream) else { return }
    #expect(
      values == [0.25, 0.5, 0.75, 1.0],
      "The consumer started reading after the download had ended and read \(values): values yielded while nobody was reading were dropped, or yielded after `finish()`, which \"A burst of 100\" explains. Yield every value, in order, and keep it until it is read: the default buffer, `.unbounded`. [newest-only] [task-per-value]"
    )
  }

  @Test("A burst of 100 progress values with no gap arrives whole, in order, before the stream ends")
  func burstArrivesWholeAndInOrder() async throws {
    let steps = (1...100).map { Double($0) / 100 }
    let download = ProgressDownload(plan: .init(progress: steps, outcome: .success(100), interval: 0))
    // No gap between callbacks, and the whole burst and the completion are delivered while the pool
    // is held: a value handed to a
    // `Task` is still waiting to be yielded when `finish()` comes.
    let stream = await withCooperativePoolHeld {
      let stream = progressUpdates(of: download)
      let start = ContinuousClock.now
      while download.starts == 0 || download.isRunning, ContinuousClock.now - start < .seconds(1) {
        Thread.sleep(forTimeInterval: 0.000_1)
      }
      Thread.sleep(forTimeInterval: 0.002)  // the completion calls back right after the download stops running
      return stream
    }
    guard let values = try await collect(stream) else { return }
    if values == steps {
      // A bound past this burst's length loses values only in a longer one: the code says it has one.
      if let bound = ExerciseSource.code(of: "4.1").flatMap({ ExerciseSource.boundedBuffers(in: $0).first }) {
        Issue.record(
          "The stream is made with a bounded buffer (`\(bound)`): a burst of progress longer than that, before the consumer reads, loses values. Every value is kept, however many come: the default, unbounded buffer. [newest-only]"
        )
      }
      return
    }
    if let inversion = values.indices.dropFirst().first(where: { values[$0] < values[$0 - 1] }) {
      Issue.record(
        "Yield directly from the callback: the progress went backwards, \(values[inversion - 1]) then \(values[inversion]). `Task { continuation.yield(value) }` per callback reorders the values, because tasks do not run in the order they were created. [task-per-value]"
      )
    } else if values.last != steps.last {
      Issue.record(
        "Yield directly from the callback: the stream ended before the last values of the burst arrived (the consumer read \(values.count) of 100). `finish()` overtook values still waiting to be yielded, as it does with a `Task` per callback. [task-per-value]"
      )
    } else {
      Issue.record(
        "Yield every value, in order: the consumer read \(values.count) of a burst of 100 progress values; the stream dropped the others while the consumer was behind. Keep every value: the default buffer, `.unbounded`. [newest-only]"
      )
    }
  }

  @Test(
    "A consumer that stops early cancels the download, whether it leaves its loop or its task is cancelled",
    arguments: ["leaves its loop", "is cancelled"])
  func stoppingCancels(_ stop: String) async throws {
    // Ten seconds of progress: still running when the consumer stops, on any machine.
    let steps = (1...1000).map { Double($0) / 1000 }
    let download = ProgressDownload(plan: .init(progress: steps, outcome: .success(1000), interval: 0.01))
    if stop == "leaves its loop" {
      // The stream is made in the loop, as a caller writes it: let go when the loop is left.
      _ = try await withDeadline("reading one progress value, then leaving the loop") {
        for await _ in progressUpdates(of: download) { break }
      }
    } else {
      let reader = Task { for await _ in progressUpdates(of: download) {} }
      _ = await eventually { download.starts > 0 }
      reader.cancel()
      _ = try await withDeadline("the loop of a reader whose task was cancelled") { await reader.value }
    }
    _ = await eventually { download.cancellations > 0 }
    #expect(
      download.cancellations > 0,
      "The consumer stopped (it \(stop)), but the download went on: cancel it in the stream's onTermination, which runs when the consumer leaves its loop or its task is cancelled. [no-cancel]"
    )
  }
}
