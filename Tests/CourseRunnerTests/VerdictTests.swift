import CourseCatalog
import Foundation
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
    let checker = Checker(workspace: Workspace(root: root), mode: .exercises, timeLimit: timeLimit)
    let item = exercise(name, id)
    return try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(with: Result { try checker.check([item])[id] })
      }
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

  @Test("A crash is reported with the runtime's message; a double resume says so")
  func crashes() async throws {
    guard case .crashed(let message) = try await RunnerFixtures.verdict(of: "Crashes", "F.4") else {
      Issue.record("expected a crashed verdict")
      return
    }
    #expect(message.contains("a continuation was resumed twice"))
    #expect(message.contains("SWIFT TASK CONTINUATION MISUSE"))
    #expect(message.contains("The answer is 42"))
  }

  @Test("A hang is stopped after the time limit and reported with the test that was running")
  func hangs() async throws {
    let start = Date()
    let verdict = try await RunnerFixtures.verdict(of: "Hangs", "F.5", timeLimit: 8)
    #expect(verdict == .timedOut(seconds: 8, running: ["The answer is 42"]))
    #expect(Date().timeIntervalSince(start) < 60)
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
