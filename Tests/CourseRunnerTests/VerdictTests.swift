import CourseCatalog
import Foundation
import Platform
import Testing

@testable import course

/// The fixture package: one topic per verdict, each holding one exercise named for its outcome.
enum RunnerFixtures {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/RunnerPackage")

  static func exercise(_ name: String, _ id: String) -> (topic: Topic, exercise: Exercise) {
    let exercise = Exercise(
      id: id, title: name, grade: .warmUp, points: 1, name: name, lessonAnchor: "x", hints: ["h"])
    return (Topic(number: 9, module: name, title: name, lessonFile: "none.md", exercises: [exercise]), exercise)
  }

  /// Checks the fixture exercise `name` on a Dispatch thread, so the wait does not hold a thread
  /// of the cooperative pool (two threads on a two-core machine) away from the other tests.
  static func verdict(of name: String, _ id: String, timeLimit: Double = 60) async throws -> Verdict? {
    try await verdicts(of: [exercise(name, id)], timeLimit: timeLimit)[id]
  }

  static func verdicts(of items: [(topic: Topic, exercise: Exercise)], timeLimit: Double = 60) async throws -> [String:
    Verdict]
  {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        let checker = Checker(workspace: Workspace(root: root), mode: .exercises, timeLimit: timeLimit)
        continuation.resume(with: Result { try checker.check(items) })
      }
    }
  }

  /// The processes of this fixture package still running: a check must leave none behind.
  static func strays() -> [String] {
    ProcessTable.all().filter { $0.command.contains(root.path) && $0.pid != Platform.processID }.map {
      "\($0.pid) \($0.command)"
    }
  }

}

/// Each verdict of `course check`, proved on a fixture exercise that earns it.
@Suite("course check: every verdict, proved on a fixture named for it", .serialized)
struct VerdictTests {
  @Test("An exercise whose tests pass is passed")
  func passes() async throws {
    #expect(try await RunnerFixtures.verdict(of: "Passes", "F.1") == .passed)
  }

  @Test("A failing test is reported by its sentence and its message; passing tests are not listed")
  func fails() async throws {
    guard case .failing(let failures) = try await RunnerFixtures.verdict(of: "Fails", "F.2") else {
      Issue.record("expected a failing verdict")
      return
    }
    #expect(failures.map(\.test) == ["The answer is 42"])
    #expect(failures.first?.messages.joined().contains("Off by one: count from one, not zero.") == true)
  }

  @Test("A file that does not compile is reported with the compiler's first error in that file")
  func doesNotCompile() async throws {
    guard case .doesNotCompile(let error) = try await RunnerFixtures.verdict(of: "DoesNotCompile", "F.3") else {
      Issue.record("expected a does-not-compile verdict")
      return
    }
    #expect(error.hasPrefix("Exercises/DoesNotCompile/DoesNotCompile.swift:"))
    #expect(error.contains("error:"))
  }

  @Test("A crash names the test that crashed, with the runtime's message; a double resume says so")
  func crashes() async throws {
    let verdict = try await RunnerFixtures.verdict(of: "Crashes", "F.4")
    guard case .failing(let failures) = verdict else {
      Issue.record("expected a failing verdict, got \(String(describing: verdict))")
      return
    }
    #expect(failures.map(\.test) == ["The answer is 42"])
    let message = failures.first?.messages.joined() ?? ""
    #expect(message.contains("This test crashed the test process"))
    #expect(message.contains("SWIFT TASK CONTINUATION MISUSE"))
    #expect(message.contains("more than once"))
    #expect(RunnerFixtures.strays().isEmpty)
  }

  @Test("A crash in one test of several fails that test in the runtime's words, and the others still report")
  func crashInOneTestOfSeveral() async throws {
    let verdict = try await RunnerFixtures.verdict(of: "CrashesOnce", "F.8")
    guard case .failing(let failures) = verdict else {
      Issue.record("expected a failing verdict, got \(String(describing: verdict))")
      return
    }
    #expect(failures.map(\.test).sorted() == ["A parsed value is an Int", "The count is 42"])
    let crash = failures.first { $0.test == "A parsed value is an Int" }?.messages.joined() ?? ""
    #expect(crash.contains("Could not cast value of type 'Swift.String' to 'Swift.Int'"))
    #expect(!crash.contains("0x"), "the runtime's addresses are noise to a learner")
    let wrong = failures.first { $0.test == "The count is 42" }?.messages.joined() ?? ""
    #expect(wrong.contains("Off by one: count from one, not zero."))
  }

  @Test("A hang is stopped when nothing has run for a while, and reported with the test that was running")
  func hangs() async throws {
    let start = Date()
    let verdict = try await RunnerFixtures.verdict(of: "Hangs", "F.5")
    guard case .timedOut(_, let running) = verdict else {
      Issue.record("expected a hang, got \(String(describing: verdict))")
      return
    }
    #expect(running == ["The answer is 42"])
    #expect(Date().timeIntervalSince(start) < 45, "an idle hang must not wait for the time limit")
    #expect(RunnerFixtures.strays().isEmpty)
  }

  @Test("An endless loop is stopped within seconds, named as a loop, and leaves no process behind")
  func loops() async throws {
    let start = Date()
    let verdict = try await RunnerFixtures.verdict(of: "Loops", "F.7", timeLimit: 120)
    guard case .loops(_, let running) = verdict else {
      Issue.record("expected an endless loop, got \(String(describing: verdict))")
      return
    }
    #expect(running == ["The answer is 42"])
    // The watchdog names a loop once the kit's hang check would have spoken (25 s): half the limit is plenty.
    #expect(Date().timeIntervalSince(start) < 60, "a loop must be stopped long before the time limit")
    #expect(RunnerFixtures.strays().isEmpty)
  }

  @Test("An exercise whose prerequisite does not compile waits for it, instead of counting as not started")
  func waitsForAPrerequisite() async throws {
    let base = Exercise(
      id: "F.9", title: "Base", grade: .warmUp, points: 1, name: "Base", lessonAnchor: "x", hints: ["h"])
    let builds = Exercise(
      id: "F.10", title: "Builds", grade: .warmUp, points: 1, name: "Builds", lessonAnchor: "x", hints: ["h"],
      buildsOn: ["F.9"])
    let topic = Topic(
      number: 9, module: "Prerequisite", title: "Prerequisite", lessonFile: "none.md", exercises: [base, builds])
    let verdicts = try await RunnerFixtures.verdicts(of: [(topic, builds)])
    guard case .waiting(let other, let error) = verdicts["F.10"] else {
      Issue.record("expected a waiting verdict, got \(String(describing: verdicts["F.10"]))")
      return
    }
    #expect(other == "F.9")
    #expect(error.hasPrefix("Exercises/Prerequisite/Base.swift:"))
    #expect(
      Verdict.waiting(for: other, error).judgesTheExercise == false, "a waiting verdict must not replace progress")
  }

  @Test("On a starved machine, a slow but correct exercise passes, and a loop is still a loop")
  func starvedMachine() async throws {
    // Two CPU hogs per core, outside the test process, for the length of the test. Each counts to a
    // bound and ends by itself (about half a minute of CPU), should this process die before it can
    // stop them: a timer would not do, as Dispatch's threads pass their blocked signals on.
    let hogs = (0..<ProcessInfo.processInfo.activeProcessorCount * 2).map { _ in
      let hog = Process()
      hog.executableURL = URL(fileURLWithPath: "/bin/sh")
      hog.arguments = ["-c", "i=0; while [ $i -lt 25000000 ]; do i=$((i+1)); done"]
      // Not this run's output pipe: `swift test` would wait for a hog to close it.
      hog.standardOutput = FileHandle.nullDevice
      hog.standardError = FileHandle.nullDevice
      try? hog.run()
      return hog
    }
    // SIGKILL, because the hogs inherit the signals that this thread blocks, SIGTERM among them.
    defer { hogs.forEach { Platform.send(SIGKILL, to: $0.processIdentifier) } }
    #expect(try await RunnerFixtures.verdict(of: "Slow", "F.11") == .passed)
    guard case .loops = try await RunnerFixtures.verdict(of: "Loops", "F.7", timeLimit: 120) else {
      Issue.record("expected an endless loop under load")
      return
    }
    #expect(RunnerFixtures.strays().isEmpty)
  }

  @Test("A stub is reported as not started, with the kit's sentence")
  func notStarted() async throws {
    guard case .notStarted(let message) = try await RunnerFixtures.verdict(of: "NotStarted", "F.6") else {
      Issue.record("expected a not-started verdict")
      return
    }
    #expect(message.contains("is not started yet"))
  }
}

@Suite("A check that sets a broken file aside says so first")
struct IsolationNoticeTests {
  @Test("It names the broken exercise, its file and line, and what is checked without it")
  func oneBroken() {
    let error =
      "Exercises/PromiseChains/Ex1_5_FlattenPyramid.swift:18:11: error: value of type 'CheckoutBackend' has no member 'nope'"
    #expect(
      Checker.isolationNotice(broken: [("1.5", error)], checking: ["1.2"])
        == "1.5 does not compile (Ex1_5_FlattenPyramid.swift:18); checking 1.2 on its own")
  }

  @Test("Several broken files and several exercises read as a list")
  func several() {
    let errors = [("1.5", "E/P/Ex1_5_A.swift:3:1: error: x"), ("1.6", "E/P/Ex1_6_B.swift:9:2: error: y")]
    #expect(
      Checker.isolationNotice(broken: errors, checking: ["1.1", "1.2", "1.3"])
        == "1.5 and 1.6 do not compile (Ex1_5_A.swift:3, Ex1_6_B.swift:9); checking 1.1, 1.2 and 1.3 without them")
  }
}

@Suite("A failure opens with its sentence, in words")
struct SentenceFirstTests {
  static let id = "TopicTests.SuiteTests/test()/File.swift:1:1"

  /// A run of one test with one issue made of `messages` (`(symbol, text)`), as Swift Testing streams it.
  static func stream(_ messages: [(String, String)]) -> String {
    let encoded = messages.map { #"{"symbol":"\#($0.0)","text":"\#($0.1)"}"# }.joined(separator: ",")
    return [
      #"{"kind":"test","payload":{"id":"\#(id)","kind":"function","name":"test()","displayName":"A test"}}"#,
      #"{"kind":"event","payload":{"kind":"testStarted","testID":"\#(id)"}}"#,
      #"{"kind":"event","payload":{"kind":"issueRecorded","testID":"\#(id)","issue":{"isKnown":false},"messages":["#
        + encoded + "]}}",
      #"{"kind":"event","payload":{"kind":"testEnded","testID":"\#(id)"}}"#,
      #"{"kind":"event","payload":{"kind":"runEnded"}}"#,
    ].joined(separator: "\n")
  }

  static let exercise = Exercise(
    id: "9.1", title: "T", grade: .warmUp, points: 1, name: "Suite", lessonAnchor: "x", hints: ["h"])

  static func verdict(_ stream: String, raw: Bool = false) -> [String] {
    let topic = Topic(number: 9, module: "Topic", title: "T", lessonFile: "none.md", exercises: [exercise])
    return Checker.verdict(
      for: exercise, of: topic, report: TestReport(eventStream: stream),
      outcome: Subprocess.Outcome(exitCode: 1, signal: nil, timedOut: false, output: ""), limit: 60, raw: raw
    ).explanation
  }

  static let gallery = stream([
    ("fail", "Expectation failed: (images → [a, a]) == [a]"), ("difference", "inserted [a]"),
    ("details", "After a reload, the gallery shows 2 images, not its 1."),
  ])

  @Test("A check shows the lesson's sentence alone, and Swift Testing's own lines only with --verbose")
  func wordsAloneUnlessVerbose() throws {
    let test = try #require(TestReport(eventStream: Self.gallery).tests.first)
    #expect(test.issues == ["After a reload, the gallery shows 2 images, not its 1."])
    let lines = try #require(test.rawIssues.first).split(separator: "\n")
    #expect(lines.first == "After a reload, the gallery shows 2 images, not its 1.")
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("inserted") || $0.hasPrefix("Expectation failed") })

    let shown = Self.verdict(Self.gallery).joined(separator: "\n")
    #expect(shown.contains("After a reload, the gallery shows 2 images, not its 1."))
    #expect(!shown.contains("Expectation failed") && !shown.contains("inserted [a]") && !shown.contains(" → "))
    #expect(Self.verdict(Self.gallery, raw: true).joined(separator: "\n").contains("Expectation failed"))
  }

  @Test("A check that failed with no sentence says where its report is, and shows no raw line")
  func noSentence() {
    let shown = Self.verdict(Self.stream([("fail", "Expectation failed: parked")])).joined(separator: "\n")
    #expect(!shown.contains("Expectation failed") && !shown.contains("parked"))
    #expect(shown.contains("`swift run course check 9.1 --verbose`"))
  }
}

@Suite("A sentence names its anti-pattern by id")
struct AntiPatternTagTests {
  @Test("The verdict keeps a sentence's ids and shows its words, and an array the sentence prints stays")
  func verdictKeepsIDsAndShowsWords() throws {
    let id = "TopicTests.SuiteTests/test()/File.swift:1:1"
    let text = "It threw [true]. A chain with only `.done` never resumes. [done-only] [resumed-twice]"
    let stream = [
      #"{"kind":"test","payload":{"id":"\#(id)","kind":"function","name":"test()","displayName":"A test"}}"#,
      #"{"kind":"event","payload":{"kind":"testStarted","testID":"\#(id)"}}"#,
      #"{"kind":"event","payload":{"kind":"issueRecorded","testID":"\#(id)","issue":{"isKnown":false},"messages":["#
        + #"{"symbol":"details","text":"\#(text)"}]}}"#,
      #"{"kind":"event","payload":{"kind":"testEnded","testID":"\#(id)"}}"#,
      #"{"kind":"event","payload":{"kind":"runEnded"}}"#,
    ].joined(separator: "\n")
    let exercise = Exercise(
      id: "9.1", title: "T", grade: .warmUp, points: 1, name: "Suite", lessonAnchor: "x", hints: ["h"],
      antiPatterns: [AntiPattern(id: "done-only", "A chain with only")])
    let topic = Topic(number: 9, module: "Topic", title: "T", lessonFile: "none.md", exercises: [exercise])
    let verdict = Checker.verdict(
      for: exercise, of: topic, report: TestReport(eventStream: stream),
      outcome: Subprocess.Outcome(exitCode: 1, signal: nil, timedOut: false, output: ""), limit: 60)
    guard case .failing(let failures) = verdict else {
      Issue.record("expected a failing verdict, got \(verdict)")
      return
    }
    #expect(failures.first?.messages == ["It threw [true]. A chain with only `.done` never resumes."])
    #expect(failures.first?.antiPatterns == ["done-only", "resumed-twice"])
    let json = JSONReport.state(topic, exercise, verdict)
    #expect(json.antiPatterns == ["done-only", "resumed-twice"], "course --json carries the ids too")
    #expect(json.messages.allSatisfy { !$0.contains("[done-only]") }, "and shows the words alone")
  }

  @Test("The JSON report lists each id once, first-named first, and none for a verdict that is not a failure")
  func jsonListsIDsOnce() {
    let verdict = Verdict.failing([
      Verdict.Failure(test: "A", messages: ["a"], antiPatterns: ["late", "lost"]),
      Verdict.Failure(test: "B", messages: ["b"], antiPatterns: ["lost", "twice"]),
      Verdict.Failure(test: "C", messages: ["c"]),
    ])
    #expect(JSONReport.antiPatterns(of: verdict) == ["late", "lost", "twice"])
    #expect(JSONReport.antiPatterns(of: .passed).isEmpty)
    #expect(JSONReport.antiPatterns(of: .crashed("boom")).isEmpty)
  }
}

@Suite("A consequence is folded under its cause")
struct FoldedConsequenceTests {
  @Test("A failure that names the test which explains it is folded under that test, when it fails too")
  func foldsUnderTheCause() {
    let cause = Verdict.Failure(
      test: "Every part loads: greeting, gallery", messages: ["The gallery showed 0 of 6 images."])
    let consequence = Verdict.Failure(
      test: "A failed profile is reported",
      messages: ["The rest was not filled, which \"Every part loads\" explains: the profile is not its cause."])
    let own = Verdict.Failure(test: "A reload overlaps", messages: ["The older answer landed last."])
    let folded = Checker.folded([consequence, cause, own])
    #expect(
      folded.map(\.test) == ["Every part loads: greeting, gallery", "A reload overlaps"],
      "named by the start of its name")
    #expect(folded[0].messages.last == "And because of that, 1 more check fails: \"A failed profile is reported\".")
  }

  @Test("A failure that names a test which passed stays a failure of its own, without the clause")
  func keepsWhenTheCausePassed() {
    let consequence = Verdict.Failure(
      test: "A failed profile is reported",
      messages: ["Not filled, which \"Every part loads\" explains: the profile is not its cause."])
    #expect(
      Checker.folded([consequence]).map(\.messages) == [["Not filled: the profile is not its cause."]],
      "a cause that did not fail is not named")
  }

  @Test("A failure that names several possible causes is folded under the first of them that fails")
  func foldsUnderTheFirstFailingCause() {
    let first = Verdict.Failure(
      test: "Every value arrives", messages: ["Read [], which \"A burst\" or \"A late\" explains."])
    let late = Verdict.Failure(test: "A late consumer gets every value", messages: ["Dropped."])
    let burst = Verdict.Failure(test: "A burst of 100 arrives whole", messages: ["Reordered."])
    let folded = Checker.folded([first, late, burst])
    #expect(folded.map(\.test) == [late.test, burst.test])
    #expect(folded[0].messages == late.messages, "under the first named test that fails, not the first that fails")
    #expect(folded[1].messages.last == "And because of that, 1 more check fails: \"Every value arrives\".")
    #expect(Checker.folded([first, late]).map(\.test) == [late.test], "or the next named, when the first passed")
  }

  @Test("A failure whose anti-patterns another failure's anti-pattern implies is folded under it")
  func foldsByImplication() {
    let patterns = [
      AntiPattern(id: "swallow-error", unlisted: "The error is lost", implies: ["empty-screen"]),
      AntiPattern(id: "empty-screen", unlisted: "The screen stays empty", implies: ["no-retry"]),
      AntiPattern(id: "no-retry", unlisted: "No retry button"),
      AntiPattern(id: "twice", unlisted: "Two reloads"),
    ]
    let implied = AntiPattern.consequences(in: patterns)
    #expect(implied["swallow-error"] == ["empty-screen", "no-retry"], "through another, too")
    let screen = Verdict.Failure(test: "The screen fills", messages: ["Empty."], antiPatterns: ["empty-screen"])
    let error = Verdict.Failure(test: "An error is shown", messages: ["Lost."], antiPatterns: ["swallow-error"])
    let retry = Verdict.Failure(test: "A retry is offered", messages: ["None."], antiPatterns: ["no-retry"])
    let both = Verdict.Failure(
      test: "Reloads once", messages: ["Twice or empty."], antiPatterns: ["twice", "no-retry"])
    let folded = Checker.folded([screen, error, retry, both], consequences: implied)
    #expect(folded.map(\.test) == ["An error is shown", "Reloads once"], "a sentence naming another cause stays")
    #expect(
      folded[0].messages.last
        == "And because of that, 2 more checks fail: \"The screen fills\", \"A retry is offered\".",
      "under the cause at the chain's end, not under the consequence that implies it")
    #expect(
      Checker.folded([screen, retry], consequences: implied).map(\.test) == ["The screen fills"],
      "under a consequence when its cause passed")
    #expect(Checker.folded([retry], consequences: implied).map(\.test) == ["A retry is offered"], "alone, it stands")
  }

  @Test("Failures that name each other as their cause both stay shown")
  func keepsALoop() {
    let one = Verdict.Failure(test: "One", messages: ["Off, which \"Two\" explains."])
    let two = Verdict.Failure(test: "Two", messages: ["Off, which \"One\" explains."])
    #expect(Checker.folded([one, two]).map(\.test) == ["One", "Two"], "neither hides the other")
  }
}
