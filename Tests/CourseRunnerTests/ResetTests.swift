import CourseCatalog
import Foundation
import Testing

@testable import course

/// `course reset` never loses a learner's file: it is always backed up first.
@Suite("course reset keeps the learner's work", .serialized)
struct ResetTests {
  let exercise = Exercise(
    id: "R.1", title: "Reset me", grade: .warmUp, points: 1, name: "ResetMe", lessonAnchor: "x", hints: ["one", "two"])
  var topic: Topic { Topic(number: 1, module: "Resets", title: "Resets", lessonFile: "none.md", exercises: [exercise]) }
  let stub = "// stub\npublic func answer() throws -> Int { throw NotStarted(\"R.1\") }\n"

  /// A git repository holding the stub, committed, as a clone of the course would.
  func makeRepository() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("course-reset-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Exercises/Resets"), withIntermediateDirectories: true)
    try "let name = \"AsyncMigrationCourse\"".write(
      to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    try stub.write(to: root.appendingPathComponent("Exercises/Resets/ResetMe.swift"), atomically: true, encoding: .utf8)
    for command in [
      ["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "stubs"],
    ] {
      let outcome = try Subprocess(arguments: ["git"] + command, directory: root).run()
      try #require(outcome.succeeded, "git \(command.joined(separator: " ")) failed: \(outcome.output)")
    }
    return root
  }

  func reset(in root: URL) throws -> Int32 {
    var arguments = Arguments(["R.1", "--yes"], command: "reset")
    let command = try ResetCommand(&arguments)
    return try command.run(Course(workspace: Workspace(root: root), topics: [topic], style: Style(isEnabled: false)))
  }

  @Test("Reset puts the stub back and keeps the learner's version as a timestamped backup")
  func resetBacksUp() throws {
    let root = try makeRepository()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("Exercises/Resets/ResetMe.swift")
    let work = "// my work, an hour of it\npublic func answer() throws -> Int { 42 }\n"
    try work.write(to: file, atomically: true, encoding: .utf8)
    #expect(try reset(in: root) == 0)
    #expect(try String(contentsOf: file, encoding: .utf8) == stub)
    let backups = try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent(".course/backups").path)
    #expect(backups.count == 1)
    let backup = try #require(backups.first)
    #expect(backup.hasPrefix("ResetMe-") && backup.hasSuffix(".swift"))
    #expect(try String(contentsOf: root.appendingPathComponent(".course/backups/\(backup)"), encoding: .utf8) == work)
  }

  @Test("Resetting twice keeps both versions, and a committed edit is still reset to the shipped stub")
  func resetTwiceKeepsBoth() async throws {
    let root = try makeRepository()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("Exercises/Resets/ResetMe.swift")
    try "// first try\n".write(to: file, atomically: true, encoding: .utf8)
    for command in [["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "my work"]] {
      _ = try Subprocess(arguments: ["git"] + command, directory: root).run()
    }
    #expect(try reset(in: root) == 0)
    try await Task.sleep(for: .seconds(1.1))  // backups are stamped to the second
    try "// second try\n".write(to: file, atomically: true, encoding: .utf8)
    #expect(try reset(in: root) == 0)
    let folder = root.appendingPathComponent(".course/backups")
    let contents = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
      try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
    }
    #expect(contents == ["// first try\n", "// second try\n"])
    #expect(try String(contentsOf: file, encoding: .utf8) == stub)
  }

  @Test("A file that is already the stub is left alone, and no empty backup is made")
  func resetOfStubDoesNothing() throws {
    let root = try makeRepository()
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(try reset(in: root) == 0)
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(".course/backups").path))
  }
}
