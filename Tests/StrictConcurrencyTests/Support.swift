import CourseKit
import Testing

/// Topic 8's behaviour checks run the learner's code in a child process: the exercise target is built
/// with Swift 6's run-time isolation checks (`DynamicActorIsolation`), so an escape hatch such as
/// `MainActor.assumeIsolated` or a `@preconcurrency` conformance can trap, and a trap must fail that
/// check, in words, and not end the run.
enum Child {
  /// Records what the child's fate says: nothing when its scenario finished, its sentence when the
  /// scenario threw one, and, when it trapped, the escape hatch in the learner's file that trapped.
  static func expectFinished(
    _ result: ExitTest.Result?, _ what: String, exercise id: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard case .crashed(let words) = ResumeProbe.verdict(of: result) else {
      ResumeProbe.expectExactlyOnce(result, what, sourceLocation: sourceLocation)
      return
    }
    let code = ExerciseSource.code(of: id) ?? ""
    if code.contains("assumeIsolated") {
      Issue.record(
        "\(what) trapped in `MainActor.assumeIsolated`: it promised that the code already ran on the main actor, and it did not. Hop to the actor instead (`await`, or `Task { @MainActor in … }`). (The runtime said: \(words)) [assume-isolated]",
        sourceLocation: sourceLocation)
    } else if code.contains("@preconcurrency") {
      Issue.record(
        "\(what) trapped: a `@preconcurrency` conformance turns the compile error into a check at run time, and a caller off the main actor failed it. Say what is true instead: an isolated conformance, `nonisolated` members, or an `async` requirement. (The runtime said: \(words)) [preconcurrency]",
        sourceLocation: sourceLocation)
    } else {
      ResumeProbe.expectExactlyOnce(result, what, sourceLocation: sourceLocation)
    }
  }
}
