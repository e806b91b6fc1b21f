// Exercise 10.4 · Observers become a stream
// Grade 2 (practice) · Lesson: Docs/10-legacy-code-that-does-not-cooperate.md#observers-become-a-stream
// Check it: swift run course check 10.4   (or: swift test --filter UncooperativeLegacyTests.Ex10_4_ObserverStreamTests)
//
// `notices(named:from:)` turns the centre's observers into a stream. `NoticeCenter.post` calls its
// observers synchronously, on the posting thread, and keeps nothing, so:
//   - the observer is added before the function returns: a notice posted on the caller's very next
//     line reaches the stream; [registered-late]
//   - every notice arrives, in the order it was posted, however many are posted before the consumer
//     reads the first; [dropped] [reordered]
//   - each call makes one registration of its own, and each stream gets every notice; [shared-registration]
//   - the observer is removed as soon as the consumer stops: its task is cancelled, or it breaks out
//     and lets the stream go, or nobody ever reads it; nothing is left registered; [never-removed]
//   - notices posted from several threads at once all arrive, and streams made and dropped on
//     several threads at once leave nothing behind, free of data races. [race]

import CourseCatalog
import LegacyKit

/// Every notice posted under `name` from the moment this returns, until the consumer stops.
public func notices(named name: String, from center: NoticeCenter) -> AsyncStream<NoticeCenter.Notice> {
  _ = NotStarted("10.4")  // Replace these two lines.
  return AsyncStream { $0.finish() }
}
