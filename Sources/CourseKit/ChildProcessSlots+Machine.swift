import Foundation
import Platform

extension ChildProcessSlots {
  /// The machine's one slot for a child process, shared by every test process of the course.
  ///
  /// `swift test` runs the graded suites in one process, so its slot alone would do. Xcode may run
  /// suites in several processes at once, each with a slot of its own, and their children would
  /// then run side by side again. So the slot is also a lock on a file (`flock`, which ends with
  /// the process that holds it, however it ends), taken on a thread of its own, never one of the
  /// cooperative pool's.
  struct MachineSlot: Sendable {
    /// The lock file, in the user's temporary folder: one per user and machine.
    static let path = FileManager.default.temporaryDirectory.appendingPathComponent("course-child-process.lock").path

    private let lock: Platform.FileLock

    /// Waits until no other process of the course runs a child, and takes the slot.
    static func acquire() async -> MachineSlot {
      await withCheckedContinuation { continuation in
        Thread.detachNewThread {
          continuation.resume(returning: MachineSlot(lock: .acquire(at: path)))
        }
      }
    }

    /// Frees the slot for the next process.
    func release() {
      lock.release()
    }
  }
}
