import CourseCatalog
import Foundation

/// The course's folder on disk: where exercises, solutions, stubs, backups and progress live.
struct Workspace {
  /// The package's root folder.
  let root: URL

  /// Where the instructor's scratch copies live, relative to the root.
  static let scratchFolder = ".course/scratch"
  /// Where builds that replace broken files with their stubs take their sources from.
  static let isolatedFolder = ".course/isolated"
  /// Where `course verify` puts a copy of the exercises as shipped, whatever the learner has edited.
  static let shippedFolder = ".course/shipped"

  /// The course folder that contains `directory`, found by walking up to the course's `Package.swift`.
  static func find(from directory: URL) throws -> Workspace {
    var candidate = directory.standardizedFileURL
    while true {
      let manifest = candidate.appendingPathComponent("Package.swift")
      if let text = try? String(contentsOf: manifest, encoding: .utf8), text.contains("AsyncMigrationCourse") {
        return Workspace(root: candidate)
      }
      let parent = candidate.deletingLastPathComponent()
      if parent.path == candidate.path { throw CourseError.notInCourse(directory.path) }
      candidate = parent
    }
  }

  func url(_ relativePath: String) -> URL {
    root.appendingPathComponent(relativePath)
  }

  func read(_ relativePath: String) -> String? {
    try? String(contentsOf: url(relativePath), encoding: .utf8)
  }

  /// `path` without the root folder in front, for messages.
  func relative(_ path: String) -> String {
    path.replacingOccurrences(of: root.path + "/", with: "")
  }

  /// A stable fingerprint of the files an exercise's verdict depends on.
  func fingerprint(of exercise: Exercise, in topic: Topic, mode: Checker.Mode) -> String {
    let folder =
      switch mode {
      case .exercises: "Exercises"
      case .solutions: "Solutions"
      case .scratch: Self.scratchFolder
      }
    let paths = [
      "\(folder)/\(topic.module)/\(exercise.fileName)", "Tests/\(topic.testModule)/\(exercise.suiteName).swift",
    ]
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in (paths.map { read($0) ?? "" }.joined(separator: "\u{0}") + mode.rawValue).utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3
    }
    return String(hash, radix: 16)
  }

  // MARK: Stubs

  /// Where the course keeps every exercise as it shipped, relative to the root: the same folders and
  /// file names as `Exercises/`, in a folder of its own that no target builds.
  ///
  /// The course must know what it shipped without asking git: a workshop's ZIP download has no
  /// history, and a team's copy may have another remote, or a history of its own. So the shipped
  /// version travels with the files, and a pull that changes an exercise changes its record too: an
  /// exercise the learner never touched still matches its record (not started, and resets to the
  /// new stub), while one they edited does not (theirs).
  static let shippedRecordFolder = "Exercises/.shipped"

  /// The exercise as shipped: the stub, or the code shipped for review, from ``shippedRecordFolder``.
  func pristineStub(of exercise: Exercise, in topic: Topic) throws -> String {
    let path = "\(Self.shippedRecordFolder)/\(topic.module)/\(exercise.fileName)"
    guard let text = read(path) else { throw CourseError.noStub(exercise.id, path) }
    return text
  }

  // MARK: Copies

  /// Copies the learner's file to `.course/backups/` with a timestamp and returns the copy's path.
  func backUp(_ exercise: Exercise, in topic: Topic, from folder: String = "Exercises") throws -> String {
    let source = url("\(folder)/\(topic.module)/\(exercise.fileName)")
    let stamp = Self.timestamp()
    let relativeBackup = ".course/backups/\(exercise.name)-\(stamp).swift"
    let backup = url(relativeBackup)
    try FileManager.default.createDirectory(at: backup.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: source, to: backup)
    return relativeBackup
  }

  /// A copy of a topic's sources in which the files of `brokenIDs` are replaced by their stubs; returns its folder.
  func isolatedCopy(of topic: Topic, from folder: String, replacing brokenIDs: [String]) throws -> String {
    let target = url("\(Self.isolatedFolder)/\(topic.module)")
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
    let wanted = Set(topic.exercises.map(\.fileName))
    for stale in (try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? [] where !wanted.contains(stale)
    {
      try? FileManager.default.removeItem(at: target.appendingPathComponent(stale))
    }
    for exercise in topic.exercises {
      let contents =
        brokenIDs.contains(exercise.id)
        ? try pristineStub(of: exercise, in: topic)
        : read("\(folder)/\(topic.module)/\(exercise.fileName)") ?? ""
      // A file already as wanted is left alone, so the build that `warm` prepared stays warm.
      let file = target.appendingPathComponent(exercise.fileName)
      if (try? String(contentsOf: file, encoding: .utf8)) != contents {
        try contents.write(to: file, atomically: true, encoding: .utf8)
      }
    }
    return Self.isolatedFolder
  }

  /// A copy of every exercise as shipped (see ``pristineStub(of:in:)``), so the course can be
  /// verified on any learner's clone without reading, or touching, the learner's files; returns its folder.
  func shippedCopy(of topics: [Topic]) throws -> String {
    for topic in topics {
      let target = url("\(Self.shippedFolder)/\(topic.module)")
      try? FileManager.default.removeItem(at: target)
      try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
      for exercise in topic.exercises {
        try pristineStub(of: exercise, in: topic).write(
          to: target.appendingPathComponent(exercise.fileName), atomically: true, encoding: .utf8)
      }
    }
    return Self.shippedFolder
  }

  /// Makes sure the scratch copy of `topic` exists; files already there (the instructor's edits) are kept.
  func prepareScratch(of topic: Topic) throws {
    let target = url("\(Self.scratchFolder)/\(topic.module)")
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
    for exercise in topic.exercises {
      let file = target.appendingPathComponent(exercise.fileName)
      if !FileManager.default.fileExists(atPath: file.path) {
        try pristineStub(of: exercise, in: topic).write(to: file, atomically: true, encoding: .utf8)
      }
    }
  }

  static func timestamp(_ date: Date = Date()) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    return formatter.string(from: date)
  }
}
