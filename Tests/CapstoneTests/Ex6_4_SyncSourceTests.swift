import Capstone
import CourseKit
import Foundation
import LegacyKit
import Locking
import Testing

@Suite("6.4 Source 3: the progress callback", .exercise("6.4"))
struct Ex6_4_SyncSourceTests {
  /// Every value `source`'s next sync reports, or `nil`, with `ifHung` recorded, when its stream never ends.
  static func values(
    of source: DownloadSyncSource, ifHung: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> [Double]? {
    try? await withDeadline("reading syncProgress() to its end", ifHung: ifHung, sourceLocation: sourceLocation) {
      var values: [Double] = []
      for await value in source.syncProgress() { values.append(value) }
      return values
    }
  }

  /// Why values were lost, from the code read without comments: the buffering policy it names, if
  /// that policy drops values; a `Task { }` per value, if it starts one; both when it does both, and
  /// both as possible causes when it shows neither.
  static var whyLost: String {
    let code = ExerciseSource.code(of: "6.4") ?? ""
    let policy = ["bufferingNewest", "bufferingOldest"].first { code.contains(".\($0)(") }
    let tasks = code.range(of: #"\bTask(\.detached)?\s*(\{|\()"#, options: .regularExpression) != nil
    let dropping =
      "A buffering policy that drops values (\(policy.map { ".\($0)" } ?? ".bufferingNewest, .bufferingOldest")) loses what was not read yet."
    let late = "A `Task { }` per value yields late, and a yield that comes after finish() is lost."
    switch (policy != nil, tasks) {
    case (true, false): return "\(dropping) [newest-only]"
    case (false, true): return "\(late) [task-per-value]"
    default: return "\(dropping) \(late) [newest-only] [task-per-value]"
    }
  }

  @Test("Each sync runs a new download, reports every value, and ends with it")
  func everyValueThenTheEnd() async throws {
    let made = Locked(0)
    let source = DownloadSyncSource {
      made.withLock { $0 += 1 }
      return ProgressDownload()
    }
    for round in 1...2 {
      guard
        let values = await Self.values(
          of: source,
          ifHung:
            "The download completed, but the stream never ended: call `finish()` in the download's completion. [one-download]"
        )
      else { return }
      #expect(
        values == [0.25, 0.5, 0.75, 1.0],
        "Yield every value; finish when the download completes: the consumer read \(values), which \"A consumer that starts reading after\" or \"Values reported back to back\" explains. [newest-only] [task-per-value]"
      )
      #expect(made.withLock { $0 } == round, "Each sync starts a download of its own. [one-download]")
    }
  }

  @Test("A failed sync ends the stream too, after the values it reported")
  func failureEnds() async {
    let source = DownloadSyncSource {
      ProgressDownload(plan: .init(progress: [0.25, 0.5], outcome: .failure(.offline)))
    }
    guard
      let values = await Self.values(
        of: source,
        ifHung:
          "The download failed, but the stream never ended: the dashboard shows a failed sync as a bar that stopped, so finish on either outcome. [one-download]"
      )
    else { return }
    #expect(
      values == [0.25, 0.5],
      "Yield every value the download reported before it failed: the consumer read \(values), which \"A consumer that starts reading after\" or \"Values reported back to back\" explains. [newest-only] [task-per-value]"
    )
  }

  @Test("A consumer that starts reading after the download ended still gets every value")
  func lateConsumerGetsEverything() async {
    let download = ProgressDownload()
    let source = DownloadSyncSource { download }
    let stream = source.syncProgress()
    // Read only once the download has completed: every value must wait in the stream's buffer.
    _ = await eventually { download.starts > 0 && !download.isRunning }
    guard
      let values = try? await withDeadline(
        "reading syncProgress() late",
        ifHung:
          "The download completed, but the stream never ended: call `finish()` in the download's completion. [one-download]",
        operation: {
          var values: [Double] = []
          for await value in stream { values.append(value) }
          return values
        })
    else { return }
    #expect(
      values == [0.25, 0.5, 0.75, 1.0],
      "A consumer that started reading after the download ended got \(values), not every value: each value must wait in the stream's buffer until it is read. \(Self.whyLost)"
    )
    // A bound past this download's four values loses values only in a longer one: the code says it has one.
    if values == [0.25, 0.5, 0.75, 1.0],
      let bound = ExerciseSource.code(of: "6.4").flatMap({ ExerciseSource.boundedBuffers(in: $0).first })
    {
      Issue.record(
        "The stream is made with a bounded buffer (`\(bound)`): a sync that reports more values than that before the consumer reads loses some. Every value waits in the stream's buffer, however many: the default, unbounded buffer. [newest-only]"
      )
    }
  }

  @Test("Values reported back to back arrive in order, none lost, proved in a child process")
  func burstKeepsOrder() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 5) {
          // Tasks on the pool start out of creation order, as the language allows: a task per value
          // then overtakes on every run, not only when the scheduler happens to.
          JobSwapping.begin()
          defer { JobSwapping.end() }
          let steps = (1...200).map { Double($0) / 200 }
          let source = DownloadSyncSource {
            ProgressDownload(plan: .init(progress: steps, outcome: .success(1), interval: 0))
          }
          var values: [Double] = []
          for await value in source.syncProgress() { values.append(value) }
          guard values != steps else { return }
          let inversions = zip(values, values.dropFirst()).filter { $0 > $1 }.count
          throw ResumeProbe.ProbeFailure(
            inversions > 0
              ? "of 200 values reported back to back, \(values.count) arrived, \(inversions) times out of order: a `Task { }` per value races the others, and a yield that comes after finish() is lost. [task-per-value]"
              : "of 200 values reported back to back, \(values.count) arrived, in order: the rest were lost. \(Self.whyLost)"
          )
        }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "syncProgress() over 200 values back to back",
      ifHung:
        "The download completed, but the stream never ended: call `finish()` in the download's completion. [one-download]"
    )
  }

  @Test("A consumer that stops cancels the download")
  func stoppingCancels() async throws {
    let download = ProgressDownload(
      plan: .init(progress: Array(repeating: 0.5, count: 50), outcome: .success(1), interval: 0.01))
    let source = DownloadSyncSource { download }
    _ = try await withDeadline("reading one value") {
      for await _ in source.syncProgress() { break }
    }
    // Cancelled, not merely over: the download ends by itself half a second later (sooner than a
    // busy machine may let the loop break), so only the count of cancels tells a stream that
    // stops its download from one that lets it run to the end.
    let cancelled = await eventually { download.cancellations > 0 }
    #expect(cancelled, "The consumer stopped, but the download runs on: cancel it in onTermination. [no-cancel]")
  }

  @Test("A download that needs an owner still reports every value: the stream keeps it while it lives")
  func downloadThatNeedsAnOwner() async {
    // Nothing but the stream keeps this download: the test sees it without keeping it alive.
    let made = Locked((count: 0, last: WeakDownload()))
    // Whether the download was gone when its completion came: let go while it ran, by whatever held it
    // for a moment (a `Task` that starts it), where a stream that keeps it holds it until it ends.
    let goneAtCompletion = Locked(false)
    let source = DownloadSyncSource {
      let download = ProgressDownload(
        plan: .init(
          progress: [0.25, 0.5, 0.75, 1.0], outcome: .success(4096), needsAnOwner: true,
          beforeCompletion: { goneAtCompletion.withLock { $0 = made.withLock { $0.last.object == nil } } }))
      made.withLock {
        $0.count += 1
        $0.last.object = download
      }
      return download
    }
    let stream = source.syncProgress()
    // Made and started, and already gone: its callbacks hold it weakly, so nothing owned it.
    let releasedAtOnce = made.withLock { $0.count > 0 && $0.last.object == nil }
    let values = try? await withDeadline("reading syncProgress() to its end, with a download that needs an owner") {
      var values: [Double] = []
      for await value in stream { values.append(value) }
      return values
    }
    guard releasedAtOnce || goneAtCompletion.withLock({ $0 }) else { return }
    Issue.record(
      "syncProgress() returned its stream, and nothing kept the download it made once it had started (a download that needs an owner, as some SDK objects do), so it reported \(values.map { "\($0)" } ?? "nothing, and the stream never ended"), and a consumer that stops could not cancel it: the stream keeps its download (strongly, in onTermination, which cancels it) for as long as the stream lives, which \"A consumer that stops cancels the download\" explains. [no-cancel]"
    )
  }
}

/// A download the test can see without keeping it alive.
struct WeakDownload: Sendable {
  weak var object: ProgressDownload?
}
