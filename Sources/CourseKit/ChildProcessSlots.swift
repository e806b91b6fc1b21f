import Foundation

/// Lets only as many child processes run at once as the machine has cores.
///
/// Every exit test starts a copy of the whole test binary. Started all at once,
/// two dozen of them on a two-core machine push every other test's short deadline
/// past its limit, and a verdict would then be about the machine, not the code.
/// Take a slot around each `#expect(processExitsWith:)`: the children then take
/// turns, and the suites around them keep their pace.
///
/// ```swift
/// let child = await ChildProcessSlots.shared.run {
///   await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) { ... }
/// }
/// ```
public actor ChildProcessSlots {
  /// The slots every suite shares.
  public static let shared = ChildProcessSlots(count: max(2, ProcessInfo.processInfo.activeProcessorCount))

  private let count: Int
  private var running = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// Slots for `count` children at once.
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
