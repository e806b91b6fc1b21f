import CourseAudits
import CourseCatalog
import Foundation

/// Topic 7's subjects as a check builds them: each with its operator mutants compiled in, beside the
/// hand-written ones, and chosen at run time through the mutant file.
///
/// The subjects in `Tests/<Topic>Subjects` are written to be read; the schemata are made from them when a
/// check builds (a millisecond's work), into a folder of `.course/` that `COURSE_SUBJECTS` names to the
/// manifest. A plain `swift test` builds the subjects as written, which behave as the schemata do with no
/// mutant chosen.
enum SubjectSchemata {
  /// The folder the subjects of a build from `sourcesFolder` are written to: beside a scratch copy of
  /// `.course/` its own, so a proof's mutants never mix with a check's; `.course/subjects` otherwise.
  static func root(for sourcesFolder: String) -> String {
    sourcesFolder.hasPrefix(".course/") ? sourcesFolder + "-subjects" : ".course/subjects"
  }

  /// The path of the subject file of `exercise` in `topic`, relative to the package's root: the file of
  /// `Tests/<Topic>Subjects` named for it (`Ex7_1_…`).
  static func subjectPath(of exercise: Exercise, in topic: Topic, workspace: Workspace) -> String? {
    let folder = "Tests/\(topic.module)Subjects"
    let prefix = "Ex" + exercise.id.replacingOccurrences(of: ".", with: "_") + "_"
    let files = (try? FileManager.default.contentsOfDirectory(atPath: workspace.url(folder).path)) ?? []
    return files.sorted().first { $0.hasPrefix(prefix) && $0.hasSuffix(".swift") }.map { "\(folder)/\($0)" }
  }

  /// Whether any subject of `topics` has operator mutants to compile in: `mutants`' (a proof's), or the
  /// catalog's. A topic with none builds its subjects as written, from `Tests/`.
  static func hasMutants(_ topics: [Topic], mutants: [String: [SolutionMutant]]?) -> Bool {
    topics.contains { topic in
      topic.learnerWritesTests
        && topic.exercises.contains { exercise in
          mutants?[exercise.id] != nil || !(Catalog.subjectMutants[exercise.id]?.live ?? []).isEmpty
        }
    }
  }

  /// The operator mutants a check compiles into the subject of `exercise`: the catalog's live ones.
  static func liveMutants(of exercise: Exercise, subject: String) -> [SolutionMutant] {
    let live = Set((Catalog.subjectMutants[exercise.id]?.live ?? []).map(\.number))
    return MutationOperator.mutants(ofSubject: subject).filter { live.contains($0.number) }
  }

  /// Writes the subjects of every topic of `topics` whose learners write tests into ``root(for:)``: each
  /// subject's schema, with `mutants` (exercise id to the operator mutants to compile in) or the catalog's
  /// live ones, and every other file of the folder as it is. Only a file whose contents change is written,
  /// so a build after it rebuilds nothing it need not.
  static func write(
    for topics: [Topic], sourcesFolder: String, workspace: Workspace, mutants: [String: [SolutionMutant]]? = nil
  ) throws {
    for topic in topics where topic.learnerWritesTests {
      let source = "Tests/\(topic.module)Subjects"
      let target = workspace.url("\(root(for: sourcesFolder))/\(topic.module)Subjects")
      try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
      var contents: [String: String] = [:]
      for file in (try? FileManager.default.contentsOfDirectory(atPath: workspace.url(source).path)) ?? []
      where file.hasSuffix(".swift") {
        contents[file] = workspace.read("\(source)/\(file)") ?? ""
      }
      for exercise in topic.exercises {
        guard let path = subjectPath(of: exercise, in: topic, workspace: workspace), let subject = workspace.read(path)
        else { continue }
        let chosen = mutants?[exercise.id] ?? liveMutants(of: exercise, subject: subject)
        guard !chosen.isEmpty else { continue }
        contents[URL(fileURLWithPath: path).lastPathComponent] =
          MutationSchema(solution: subject, exerciseID: exercise.id, mutants: chosen).source
      }
      let existing = (try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? []
      for stale in existing where contents[stale] == nil {
        try? FileManager.default.removeItem(at: target.appendingPathComponent(stale))
      }
      for (file, text) in contents {
        let url = target.appendingPathComponent(file)
        if (try? String(contentsOf: url, encoding: .utf8)) != text {
          try text.write(to: url, atomically: true, encoding: .utf8)
        }
      }
    }
  }
}
