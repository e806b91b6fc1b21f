import Dispatch
import Foundation
import Scheduling

/// The scenarios behind `course demo`, each doing one thing wrong on purpose.
enum DemoScenarios {
  @Sendable static func doubleResume() async {
    say("An SDK calls its completion handler twice; the adapter resumes on every call…")
    let value: Int = await withCheckedContinuation { continuation in
      let twice = { (value: Int) in continuation.resume(returning: value) }
      twice(1)
      twice(2)
    }
    say("(not reached) got \(value)")
  }

  @Sendable static func leakedContinuation() async {
    say("A legacy source drops its callback without calling it; the adapter waits…")
    Task {
      let _: Int = await withCheckedContinuation { (_: CheckedContinuation<Int, Never>) in }
      say("(not reached)")
    }
    try? await Task.sleep(for: .milliseconds(500))
    say("Half a second later, the awaiting task is still suspended.")
  }

  @Sendable static func unsafeSilence() async {
    say("The same source, adapted with withUnsafeContinuation…")
    Task {
      let _: Int = await withUnsafeContinuation { (_: UnsafeContinuation<Int, Never>) in }
      say("(not reached)")
    }
    try? await Task.sleep(for: .milliseconds(500))
    say("Half a second later, the awaiting task is still suspended, and the runtime said nothing.")
  }

  @Sendable static func reorderedBatches() async {
    say("A delegate delivers batches 0 to 999 in order; each is forwarded with `Task { await consumer.take(batch) }`…")
    say(
      "First, as this runtime schedules the tasks on its own. It may keep them in order this time, or nearly: "
        + "the language promises no order, and an idle runtime usually keeps one, which is how the bug survives a demo."
    )
    await forwardThousand()
    guard JobSwapping.isAvailable else {
      say(JobSwapping.unavailableSentence)
      return
    }
    say("Again, with a scheduler that starts each pair of tasks in the opposite order, as the language allows:")
    await JobSwapping.during { await forwardThousand() }
  }

  /// Forwards a thousand batches with one task each, and says how often one overtook another.
  private static func forwardThousand() async {
    let consumer = BatchConsumer()
    let queue = DispatchQueue(label: "demo.delegate")
    queue.async {
      for batch in 0..<1000 { Task { await consumer.take(batch) } }
    }
    while await consumer.count < 1000 { try? await Task.sleep(for: .milliseconds(5)) }
    let order = await consumer.order
    let overtaken = zip(order, order.dropFirst()).filter { $0 > $1 }
    let times = overtaken.count == 1 ? "once" : "\(overtaken.count) times"
    say("  Received all 1,000; \(times) a batch arrived after a later one.")
    for (later, earlier) in overtaken.prefix(3) { say("    batch \(earlier) arrived after batch \(later)") }
  }

  @Sendable static func streamNeverFinishes() async {
    say("A download reports 25%, 50%, 75%, 100% into an AsyncStream that nobody finishes…")
    let stream = AsyncStream<Double> { continuation in
      for value in [0.25, 0.5, 0.75, 1.0] { continuation.yield(value) }
      // finish() is never called
    }
    Task {
      for await value in stream { say("  progress \(Int(value * 100))%") }
      say("(not reached) the loop ended")
    }
    try? await Task.sleep(for: .milliseconds(500))
    say("Half a second after 100%, the for-await loop is still waiting for the next value.")
  }
}

/// Writes a line at once, unbuffered, so that it is seen even if the process traps right after.
private func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Receives batches one at a time, remembering the order they came in.
private actor BatchConsumer {
  private(set) var order: [Int] = []

  var count: Int { order.count }

  func take(_ batch: Int) {
    order.append(batch)
  }
}
