import Foundation
import Locking

/// Lets the graded suites run one child process at a time.
///
/// Every exit test starts a copy of the whole test binary, and while the child runs
/// the parent's waiting holds a thread of the cooperative pool, which has one thread
/// per core. Two dozen children at once on a two-core machine stalled every other
/// suite past its one-second deadlines, and a verdict would then be about the
/// machine, not the code. Take the slot around each `#expect(processExitsWith:)`: the
/// children take turns, one thread of the pool always stays free, and the kit knows a child
/// is running (see ``running``). The shared slot is the machine's too, so suites that Xcode runs
/// in several processes still start one child at a time. A test that starts a child without a slot is read, by another
/// test's hang check, as a parent whose pool may be stuck.
///
/// ```swift
/// let child = await ChildProcessSlots.shared.run {
///   await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) { ... }
/// }
/// ```
public actor ChildProcessSlots {
  /// The slot every suite shares.
  public static let shared = ChildProcessSlots(count: 1)

  private let count: Int
  private var running = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// Slots for `count` children at once (the shared instance has one).
  public init(count: Int) {
    self.count = count
  }

  /// How many children run now, in every instance: the kit counts the processes it starts
  /// rather than asking the OS, so ``HangCheck`` reads a parent that waits for its child as
  /// busy, not stuck, on every platform alike.
  public static var running: Int { live.withLock { $0 } }

  private static let live = Locked(0)

  /// Runs `body` (which starts a child process) once a slot is free, and frees it afterwards.
  public func run<T: Sendable>(_ body: @Sendable () async -> T) async -> T {
    await acquire()
    let machine = await MachineSlot.acquire()
    Self.live.withLock { $0 += 1 }
    let result = await body()
    Self.live.withLock { $0 -= 1 }
    machine.release()
    release()
    return result
  }

  private func acquire() async {
    if running < count {
      running += 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  private func release() {
    if waiting.isEmpty {
      running -= 1
    } else {
      waiting.removeFirst().resume()  // the slot passes straight to the next child
    }
  }
}
