import Foundation

/// Lets the graded suites run one child process at a time.
///
/// Every exit test starts a copy of the whole test binary, and while the child runs
/// the parent's waiting holds a thread of the cooperative pool, which has one thread
/// per core. Two dozen children at once on a two-core machine stalled every other
/// suite past its one-second deadlines, and a verdict would then be about the
/// machine, not the code. Take the slot around each `#expect(processExitsWith:)`: the
/// children take turns, and one thread of the pool always stays free.
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

  /// Runs `body` (which starts a child process) once a slot is free, and frees it afterwards.
  public func run<T: Sendable>(_ body: @Sendable () async -> T) async -> T {
    await acquire()
    let result = await body()
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
