import CourseCatalog
import Foundation
import Testing

@testable import course

/// `course reset` never loses a learner's file: it is always backed up first. What it resets to is
/// the course's own record of what it shipped, so a copy with no git history resets the same.
@Suite("course reset keeps the learner's work", .serialized)
struct ResetTests {
  let exercise = Exercise(
    id: "R.1", title: "Reset me", grade: .warmUp, points: 1, name: "ResetMe", lessonAnchor: "x", hints: ["one", "two"])
  var topic: Topic { Topic(number: 1, module: "Resets", title: "Resets", lessonFile: "none.md", exercises: [exercise]) }
  let stub = "// stub\npublic func answer() throws -> Int { throw NotStarted(\"R.1\") }\n"

  /// A course folder holding the stub and its record as shipped, as a ZIP download gives it: no git.
  func makeCourse(stub: String? = nil) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("course-reset-\(UUID().uuidString)")
    for folder in ["Exercises/Resets", "Exercises/.shipped/Resets"] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
      try (stub ?? self.stub).write(
        to: root.appendingPathComponent("\(folder)/ResetMe.swift"), atomically: true, encoding: .utf8)
    }
    try "let name = \"AsyncMigrationCourse\"".write(
      to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    return root
  }

  func course(in root: URL) -> Course {
    Course(workspace: Workspace(root: root), topics: [topic], style: Style(isEnabled: false))
  }

  func reset(in root: URL) throws -> Int32 {
    var arguments = Arguments(["R.1", "--yes"], command: "reset")
    let command = try ResetCommand(&arguments)
    return try command.run(course(in: root))
  }

  @Test("Reset puts the stub back and keeps the learner's version as a timestamped backup")
  func resetBacksUp() throws {
    let root = try makeCourse()
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

  @Test("Resetting twice keeps both versions")
  func resetTwiceKeepsBoth() async throws {
    let root = try makeCourse()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("Exercises/Resets/ResetMe.swift")
    try "// first try\n".write(to: file, atomically: true, encoding: .utf8)
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
    let root = try makeCourse()
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(try reset(in: root) == 0)
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(".course/backups").path))
  }

  @Test("A deleted exercise file is put back, with nothing to back up")
  func resetOfDeletedFile() throws {
    let root = try makeCourse()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("Exercises/Resets/ResetMe.swift")
    try FileManager.default.removeItem(at: file)
    #expect(try reset(in: root) == 0)
    #expect(try String(contentsOf: file, encoding: .utf8) == stub)
  }

  @Test(
    "After a pull that changes the stub, an untouched exercise is not started and resets to the new one; an edited one stays the learner's"
  )
  func pullChangesTheStub() throws {
    let root = try makeCourse()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("Exercises/Resets/ResetMe.swift")
    let record = root.appendingPathComponent("Exercises/.shipped/Resets/ResetMe.swift")
    let newStub = "// stub, second edition\npublic func answer() throws -> Int { throw NotStarted(\"R.1\") }\n"

    // Untouched: a pull rewrites both the exercise and its record.
    try newStub.write(to: file, atomically: true, encoding: .utf8)
    try newStub.write(to: record, atomically: true, encoding: .utf8)
    #expect(course(in: root).isShippedStub(exercise, in: topic), "an exercise never touched is not started")
    #expect(try reset(in: root) == 0)
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(".course/backups").path))

    // Edited: the pull changes the record only; the learner's file is theirs, and reset keeps it.
    let work = "// mine\npublic func answer() throws -> Int { throw NotStarted(\"R.1\") }\n"
    try work.write(to: file, atomically: true, encoding: .utf8)
    try stub.write(to: record, atomically: true, encoding: .utf8)
    #expect(!course(in: root).isShippedStub(exercise, in: topic), "an edited exercise is the learner's")
    #expect(try reset(in: root) == 0)
    #expect(try String(contentsOf: file, encoding: .utf8) == stub)
    let backups = try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent(".course/backups").path)
    #expect(
      try backups.map { try String(contentsOf: root.appendingPathComponent(".course/backups/\($0)"), encoding: .utf8) }
        == [work])
  }

  @Test("Without its record, reset says what is missing and changes nothing")
  func missingRecord() throws {
    let root = try makeCourse()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("Exercises/Resets/ResetMe.swift")
    try "// mine\n".write(to: file, atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(at: root.appendingPathComponent("Exercises/.shipped"))
    #expect(throws: CourseError.self) { try reset(in: root) }
    #expect(try String(contentsOf: file, encoding: .utf8) == "// mine\n")
  }
}
