import CourseCatalog
import Testing

/// Generated scenarios run in a child process, for code that may trap on one of them.
///
/// A forced cast (`as!`) of a value of another type, or a `!` on a missing one, traps, and a trap
/// in the test process would take every other result down with it. So a test whose scenarios hold
/// such values draws and checks them inside an exit test, throws the smallest failure from there,
/// and reads the child's fate here:
///
/// ```swift
/// let child = await ChildProcessSlots.shared.run {
///   await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
///     await ResumeProbe.run(within: 30) {
///       if let failure = await Generated.check(orders, describe: \.description, Self.difference) {
///         throw Generated.probeFailure(failure)
///       }
///     }
///   }
/// }
/// Generated.expectInChild(
///   child, "validate(_:) on generated orders", trapWords: ["Could not cast value"],
///   ifTrappedInCall: "validate(_:) crashed on an object that is no order … [forced-cast]")
/// ```
extension Generated {
  /// `failure` in the words ``expect(_:_:seed:trials:describe:sourceLocation:_:)`` records, to throw
  /// from the child's scenario.
  public static func probeFailure(_ failure: Failure) -> ResumeProbe.ProbeFailure {
    ResumeProbe.ProbeFailure(
      "With \(failure.scenario) (the smallest of the scenarios drawn from seed \(failure.seed) that breaks it, first seen in scenario \(failure.trial)): \(failure.sentence)"
    )
  }

  /// Records what the child found: the failure it threw, in its words; a trap whose runtime message
  /// holds one of `trapWords`, as `sentence` with the runtime's words before its tags; or, for any
  /// other end, the kit's sentence for it (a stub reached says the exercise is not started).
  public static func expectInChild(
    _ child: ExitTest.Result?, _ what: String, trapWords: [String], ifTrappedInCall sentence: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let trap = trapWords.lazy.compactMap { child?.runtimeWords(containing: $0) }.first
    switch ResumeProbe.verdict(of: child) {
    case .wrongResult(let said):
      Issue.record(Comment(rawValue: said), sourceLocation: sourceLocation)
    case .crashed where trap != nil:
      let words = AntiPattern.adding("The runtime said: \(trap ?? "")", to: sentence)
      Issue.record(Comment(rawValue: words), sourceLocation: sourceLocation)
    default:
      ResumeProbe.expectExactlyOnce(child, what, sourceLocation: sourceLocation)
    }
  }
}
