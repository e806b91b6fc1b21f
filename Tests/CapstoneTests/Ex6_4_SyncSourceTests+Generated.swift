import Capstone
import CapstoneReference
import CourseKit
import LegacyKit
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex6_4_SyncSourceTests {
  @Test(
    "On drawn downloads (a few values or hundreds back to back, in any order, going back, repeats, completed or failed, read at once or late), the stream gives what the reference gives"
  )
  func generatedDownloads() async {
    let mine: @Sendable (ProgressDownload) -> AsyncStream<Double> = { download in
      Capstone.DownloadSyncSource { download }.syncProgress()
    }
    let reference: @Sendable (ProgressDownload) -> AsyncStream<Double> = { download in
      CapstoneReference.DownloadSyncSource { download }.syncProgress()
    }
    // A stream that never ends is the targeted tests' finding, said there in a second, not once per
    // scenario the shrinker tries.
    for outcome in [Result<Int, LegacyError>.success(1), .failure(.offline)] {
      let control = SyncScenario(plan: .init(progress: [0.5], outcome: outcome, interval: 0), readsLate: false)
      guard (try? await withDeadline("a sync of one value", operation: { await Self.read(control, mine) })) != nil
      else { return }
    }
    await Generated.expect("syncProgress()", Gen.sync, describe: Self.said) { scenario in
      let (values, expected) = (await Self.read(scenario, mine), await Self.read(scenario, reference))
      return values == expected ? nil : Self.difference(scenario, values: values, expected: expected)
    }
  }

  /// Every value of the sync that `syncProgress` makes over a download following `scenario`'s plan,
  /// read at once, or once the download has ended.
  static func read(_ scenario: SyncScenario, _ syncProgress: (ProgressDownload) -> AsyncStream<Double>) async
    -> [Double]
  {
    let download = ProgressDownload(plan: scenario.plan)
    let stream = syncProgress(download)
    if scenario.readsLate {
      // On a busy machine the wait may give up: the stream is then read at once, which proves less, never wrongly.
      _ = await eventually(within: 0.5) { download.starts > 0 && !download.isRunning }
    }
    var values: [Double] = []
    for await value in stream { values.append(value) }
    return values
  }

  static func said(_ scenario: SyncScenario) -> String {
    let ending =
      switch scenario.plan.outcome {
      case .success: "completing"
      case .failure(let error): "failing with \(Said.error(error))"
      }
    return
      "a download reporting \(Said.progress(scenario.plan.progress)) back to back, then \(ending), \(scenario.readsLate ? "read only once it had ended" : "read as the values came")"
  }

  /// How the values read differ from the values the reference gives, in the lesson's words.
  static func difference(_ scenario: SyncScenario, values: [Double], expected: [Double]) -> String {
    let read = "the stream gave \(Said.progress(values))"
    // Which of the expected values were kept, matched from the end: a buffer keeps the newest.
    var kept: [Int] = []
    var next = expected.count - 1
    for value in values.reversed() {
      while next >= 0, expected[next] != value { next -= 1 }
      guard next >= 0 else { break }
      kept.insert(next, at: 0)
      next -= 1
    }
    guard kept.count == values.count else {
      return
        "The download reported \(Said.progress(expected)), and \(read): out of order, or with values it never reported. Every value the download reports arrives, in order, which \"Values reported back to back\" explains. [task-per-value]"
    }
    let lost = Set(expected.indices).subtracting(kept).sorted()
    if lost.allSatisfy({ $0 > 0 && expected[$0] < expected[..<$0].max()! }) {
      return
        "The download reported \(Said.progress(expected)), and \(read), without \(Said.progress(lost.map { expected[$0] })), each lower than a value before it: every value the download reports arrives, in order, one that goes back too, which \"Each sync runs a new download\" or \"A consumer that starts reading after\" or \"Values reported back to back\" explains. [task-per-value]"
    }
    return
      "The download reported \(Said.progress(expected)), and \(read), \(values.count) of its \(expected.count) values, which \"A consumer that starts reading after\" or \"Values reported back to back\" or \"Each sync runs a new download\" explains: every value must wait in the stream's buffer until it is read. \(Self.whyLost)"
  }
}
