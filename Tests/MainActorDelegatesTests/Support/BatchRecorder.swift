import CourseKit
import LegacyKit

/// Records, on the main actor, the batches a handler forwards, and whether each came on the main queue.
@MainActor
final class BatchRecorder {
  private(set) var batches: [[UIImage]] = []
  private(set) var offMainQueue = 0

  func record(_ batch: [UIImage]) {
    batches.append(batch)
    if !MainQueue.isCurrent { offMainQueue += 1 }
  }

  /// The batch numbers, in the order they arrived ("batch-7-image-0" is batch 7).
  var order: [Int] {
    batches.compactMap { batch in
      batch.first.flatMap { Int($0.description.split(separator: "-")[1]) }
    }
  }

  /// Waits until `count` batches arrived: `seconds` on an idle machine, longer while it is busy.
  func wait(for count: Int, within seconds: Double = 1) async -> Bool {
    await eventually(within: seconds) { await self.batches.count >= count }
  }
}
