import CourseKit
import LegacyKit
import RepeatingSources
import RepeatingSourcesReference
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex4_1_ProgressStreamTests {
  @Test(
    "On downloads of every kind (no step, repeated values, progress that goes back, success, each error), the consumer reads what the reference gives"
  )
  func generatedDownloads() async {
    await Generated.expect("progressUpdates(of:)", Gen.progressSteps, describe: Self.said) { plan in
      let mine = await Self.readLate(plan) { RepeatingSources.progressUpdates(of: $0) }
      let reference = await Self.readLate(plan) { RepeatingSourcesReference.progressUpdates(of: $0) }
      return Self.compare(on: plan, mine, reference)
    }
  }

  @Test(
    "A burst of up to 2,500 progress values, read after the download has ended, arrives whole, as the reference's does")
  func generatedBursts() async {
    await Generated.expect("progressUpdates(of:)", Gen.progressBurst(upTo: 2500), trials: 8, describe: Self.said) {
      plan in
      let mine = await Self.readLate(plan) { RepeatingSources.progressUpdates(of: $0) }
      let reference = await Self.readLate(plan) { RepeatingSourcesReference.progressUpdates(of: $0) }
      return Self.compare(on: plan, mine, reference)
    }
  }

  /// A download's plan in words.
  static func said(_ plan: ProgressDownload.Plan) -> String {
    let ending =
      switch plan.outcome {
      case .success: "completes"
      case .failure(let error): "fails with \(Said.error(error))"
      }
    return "a download that reports \(Said.progress(plan.progress)), then \(ending)"
  }

  /// How what the learner's stream handed a consumer who read once the download had ended (`mine`)
  /// differs from the reference's, each over a download of its own that followed `plan`, in a sentence.
  static func compare(on plan: ProgressDownload.Plan, _ mine: [Double], _ reference: [Double]) -> String? {
    let reported = plan.progress.count <= 8 ? Said.progress(plan.progress) : "\(Said.count(plan.progress.count)) values"
    switch Kept.of(mine, from: reference) {
    case .all: return nil
    case .reordered:
      return
        "The download reported \(reported), and the consumer read them in another order, \(Said.progress(mine)): yield directly from the callback, because tasks do not run in the order they were created, which \"A burst of 100\" explains. [task-per-value]"
    case .newest(let count):
      return
        "The download reported \(reported) before anyone read, and the stream delivered \(Said.kept(mine, .newest(count), list: Said.progress)): a buffer smaller than the largest burst drops what nobody has read yet, however large it is. Yield every value and keep it until it is read: the default buffer, `.unbounded`, which \"A consumer that starts reading after\" or \"A burst of 100\" explains. [newest-only]"
    case let kept:
      return
        "The download reported \(reported) before anyone read, and the consumer read \(Said.kept(mine, kept, list: Said.progress)): yield every progress value, in order, repeats and values that go back too, and keep each until it is read, which \"A consumer that starts reading after\" or \"A burst of 100\" explains. [newest-only] [task-per-value]"
    }
  }

  /// The progress a consumer reads from the stream `make` builds over a fresh download that follows
  /// `plan`, reading only once the download has ended (when it was started).
  static func readLate(_ plan: ProgressDownload.Plan, _ make: (ProgressDownload) -> AsyncStream<Double>) async
    -> [Double]
  {
    let download = ProgressDownload(plan: plan)
    let stream = make(download)
    if download.starts > 0 { _ = await eventually { !download.isRunning } }
    var values: [Double] = []
    for await value in stream { values.append(value) }
    return values
  }
}
