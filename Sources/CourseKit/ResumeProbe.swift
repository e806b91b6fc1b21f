import CourseCatalog
import Foundation
import LegacyKit
import Testing

/// Proves that an adapter resumes its continuation exactly once, by running it in a child process.
///
/// A second resume traps the process, and a continuation that is dropped without
/// a resume leaves its task hanging forever; neither can be observed safely in the
/// test process itself. So the scenario runs inside an exit test: the child runs
/// it with ``run(within:_:)``, and the parent reads the child's fate with
/// ``verdict(of:)`` or ``expectExactlyOnce(_:_:sourceLocation:)``, which quote the
/// runtime's own `SWIFT TASK CONTINUATION MISUSE` message.
///
/// ```swift
/// let child = await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
///   await ResumeProbe.run { _ = try await repository.latest(refresh: false) }
/// }
/// ResumeProbe.expectExactlyOnce(child, "LegacyArticleRepository.latest(refresh:)")
/// ```
public enum ResumeProbe {
  /// The exit condition to expect: it matches every way the child can end, so the parent always
  /// gets the child's result back and can explain it (an unmet condition would return nothing).
  ///
  /// The child never exits with `EXIT_SUCCESS`: it ends with ``finishedExitCode``,
  /// ``hungExitCode``, or the runtime's trap.
  public static let anyOutcome: ExitTest.Condition = .failure

  /// The exit code of a child whose scenario finished, with every legacy reply delivered.
  public static let finishedExitCode: CInt = 2
  /// The exit code of a child whose scenario never finished.
  public static let hungExitCode: CInt = 3
  /// The exit code of a child whose scenario finished with a wrong result (see ``ProbeFailure``).
  public static let wrongResultExitCode: CInt = 4
  /// The exit code of a child whose scenario reached an exercise's stub.
  public static let notStartedExitCode: CInt = 5

  /// A wrong result found inside the child; ``run(within:_:)`` reports it to the parent.
  ///
  /// A check that could trap must run in the child, and so must the checks of what it
  /// returned: throw this from the scenario to fail with a sentence.
  public struct ProbeFailure: Error {
    /// What was wrong, as the learner should read it.
    public let message: String

    /// A failure saying `message`.
    public init(_ message: String) {
      self.message = message
    }
  }

  /// What happened to the continuation in the child.
  public enum Verdict: Equatable, Sendable {
    /// It was resumed once, and no late callback resumed it again.
    case exactlyOnce
    /// It was resumed a second time; the payload is the runtime's message.
    case resumedTwice(String)
    /// It was dropped without being resumed; the payload is the runtime's message.
    case leaked(String)
    /// The scenario never finished, and the runtime said nothing: the continuation is still held somewhere.
    case neverResumed
    /// The scenario reached the stub of the exercise with this id.
    case notStarted(String)
    /// The scenario finished, but with a wrong result; the payload says what was wrong.
    case wrongResult(String)
    /// The child crashed for another reason; the payload is the runtime's words, or the exit status in words.
    case crashed(String)
    /// There was no child result (the exit test itself could not run).
    case noResult
  }

  /// In the child: runs `scenario`, then waits until every scripted legacy reply has returned.
  ///
  /// A scenario that does not finish within `seconds` exits with ``hungExitCode``,
  /// after giving the runtime a moment to report a leaked continuation. Waiting for
  /// the legacy replies matters: a second reply that arrives after the awaiting code
  /// has finished must still get its chance to resume twice, and trap.
  public static func run(
    within seconds: Double = Deadline.standard, _ scenario: @escaping @Sendable () async throws -> Void
  ) async {
    let mark = StubLedger.mark
    do {
      try await withDeadline(seconds: seconds, "the scenario", operation: scenario)
    } catch is DeadlineExceeded {
      exitIfStubReached(since: mark)
      try? await Task.sleep(for: .milliseconds(50))
      exit(hungExitCode)
    } catch let failure as ProbeFailure {
      exitIfStubReached(since: mark)
      // A wrong first resume may be followed by a second one in the same callback (a profile, then its
      // error): that trap is the truer verdict, so it gets its chance before the wrong result is reported.
      Deliveries.waitUntilQuiet(timeout: HangCheck.hardLimit(for: Deadline.scaled(seconds)))
      try? await Task.sleep(for: .milliseconds(20))
      FileHandle.standardError.write(Data("PROBE FAILURE: \(failure.message)\n".utf8))
      exit(wrongResultExitCode)
    } catch {
      // The adapter resumed by throwing: that is one resume, which is what we check.
    }
    exitIfStubReached(since: mark)
    // However long a busy machine takes to deliver them: a late second reply must get its chance.
    Deliveries.waitUntilQuiet(timeout: HangCheck.hardLimit(for: Deadline.scaled(seconds)))
    try? await Task.sleep(for: .milliseconds(20))
    exit(finishedExitCode)
  }

  /// Ends the child as "not started" when the scenario reached an exercise's stub, even if it
  /// swallowed the stub's error (`try?`): a stub must never pass for an exactly-once resume.
  private static func exitIfStubReached(since mark: Int) {
    guard let id = StubLedger.exercises(since: mark).first else { return }
    FileHandle.standardError.write(Data("NOT STARTED: \(id)\n".utf8))
    exit(notStartedExitCode)
  }

  /// Reads the child's fate from its exit status and standard error.
  public static func verdict(of result: ExitTest.Result?) -> Verdict {
    guard let result else { return .noResult }
    let errorOutput = String(decoding: result.standardErrorContent, as: UTF8.self)
    let misuse = errorOutput.split(separator: "\n").first { $0.contains("SWIFT TASK CONTINUATION MISUSE") }
      .map(String.init)
    if let misuse, misuse.contains("more than once") { return .resumedTwice(misuse) }
    if let misuse, misuse.contains("leaked") { return .leaked(misuse) }
    switch result.exitStatus {
    case .exitCode(finishedExitCode): return .exactlyOnce
    case .exitCode(hungExitCode): return .neverResumed
    case .exitCode(notStartedExitCode):
      let line = errorOutput.split(separator: "\n").first { $0.hasPrefix("NOT STARTED: ") }
      return .notStarted(line.map { String($0.dropFirst("NOT STARTED: ".count)) } ?? "")
    case .exitCode(wrongResultExitCode):
      let line = errorOutput.split(separator: "\n").first { $0.hasPrefix("PROBE FAILURE: ") }
      return .wrongResult(line.map { String($0.dropFirst("PROBE FAILURE: ".count)) } ?? "a wrong result")
    case let status:
      return .crashed(RuntimeCrash.message(in: errorOutput) ?? describe(status))
    }
  }

  /// An exit status in words, for a crash whose runtime said nothing readable.
  static func describe(_ status: ExitStatus) -> String {
    switch status {
    case .exitCode(let code): "it exited with code \(code)"
    case .signal(let signal):
      switch signal {
      case SIGILL, SIGTRAP: "it trapped (signal \(signal)), and the runtime left no message"
      case SIGSEGV, SIGBUS: "it read memory it does not own (signal \(signal))"
      case SIGABRT: "it aborted (signal \(signal))"
      default: "it was ended by signal \(signal)"
      }
    @unknown default: "it ended abnormally"
    }
  }

  /// Records an issue, in a sentence a learner understands, unless the child resumed exactly once.
  public static func expectExactlyOnce(
    _ result: ExitTest.Result?, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let verdict = verdict(of: result)
    if case .notStarted(let id) = verdict {
      _ = NotStarted(id)  // the child reached the stub: let this process's test kit report it
      return
    }
    guard let problem = explain(verdict, what) else { return }
    Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
  }

  /// The sentence for a verdict, or `nil` when it is the exactly-once one.
  public static func explain(_ verdict: Verdict, _ what: String) -> String? {
    switch verdict {
    case .exactlyOnce:
      nil
    case .resumedTwice(let message):
      AntiPattern.tagged(
        "\(what) resumed its continuation twice, and the runtime trapped: a continuation must be resumed exactly once. The runtime said: \(message)",
        AntiPattern.resumedTwice)
    case .leaked(let message):
      AntiPattern.tagged(
        "\(what) dropped its continuation without resuming it, so the awaiting task hangs forever: every path, including the odd ones, must resume exactly once. The runtime said: \(message)",
        AntiPattern.leakedContinuation)
    case .neverResumed:
      AntiPattern.tagged(
        "\(what) never finished: something it waited for never came (a continuation that is never resumed, or a queue that waits for itself).",
        AntiPattern.neverFinished)
    case .wrongResult(let message):
      "\(what): \(message)"
    case .notStarted(let id):
      "\(what) is not written yet: exercise \(id) is not started."
    case .crashed(let words):
      AntiPattern.tagged(
        "\(what) crashed the process before the check could finish. The runtime said: \(words)", AntiPattern.crashed)
    case .noResult:
      "\(what) could not be checked: the child process did not run."
    }
  }
}
