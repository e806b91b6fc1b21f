import Foundation
import LegacyKit

extension StartingGate {
  /// Runs `body` on a thread of its own the instant this gate opens, together with every other party.
  ///
  /// A test's own move (a cancel, a second answer) then races a scripted reply that
  /// waits at the same gate, on every try:
  ///
  /// ```swift
  /// let gate = StartingGate(parties: 2)
  /// downloader.endpoint.script(Script.succeed(thumbnail).released(by: gate))
  /// gate.run { task.cancel() }
  /// ```
  public func run(_ body: @escaping @Sendable () -> Void) {
    Thread.detachNewThread {
      self.arriveAndWait()
      body()
    }
  }
}
