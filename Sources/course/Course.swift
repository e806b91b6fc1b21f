import CourseCatalog
import Foundation

/// Everything a command works with: the workspace, the catalog, remembered progress, and the terminal.
final class Course {
  let workspace: Workspace
  let style: Style
  let topics: [Topic]
  var progress: ProgressStore

  init(workspace: Workspace, topics: [Topic] = Catalog.topics, style: Style = .forStandardOutput()) {
    self.workspace = workspace
    self.topics = topics
    self.style = style
    progress = ProgressStore(workspace: workspace)
  }

  var exercises: [(topic: Topic, exercise: Exercise)] {
    topics.flatMap { topic in topic.exercises.map { (topic, $0) } }
  }

  /// The exercise with `id` (or whose file `id` names), or an error that suggests the closest ids.
  func exercise(_ id: String) throws -> (topic: Topic, exercise: Exercise) {
    if let found = exercises.first(where: { $0.exercise.id == id }) { return found }
    if let found = try exercise(forFile: id) { return found }
    throw CourseError.unknownExercise(id, suggestions: Suggestions.closest(to: id, in: exercises.map(\.exercise.id)))
  }

  /// The exercises `key` names: an exercise id or file, a topic's number or module name, or `all`.
  func resolve(_ key: String) throws -> [(topic: Topic, exercise: Exercise)] {
    if key == "all" { return exercises }
    if let found = exercises.first(where: { $0.exercise.id == key }) { return [found] }
    if let found = try exercise(forFile: key) { return [found] }
    if let topic = topics.first(where: { String($0.number) == key || $0.module.lowercased() == key.lowercased() }) {
      return topic.exercises.map { (topic, $0) }
    }
    let known = exercises.map(\.exercise.id) + topics.map(\.module) + ["all"]
    throw CourseError.unknownExercise(key, suggestions: Suggestions.closest(to: key, in: known))
  }

  /// Checks `items` in `mode`, remembers the verdicts, and returns them by id.
  func check(
    _ items: [(topic: Topic, exercise: Exercise)], mode: Checker.Mode = .exercises, timeLimit: Double = 120,
    echo: Bool = false
  ) throws -> [String: Verdict] {
    let checker = Checker(workspace: workspace, mode: mode, timeLimit: timeLimit, echo: echo)
    let verdicts = try checker.check(items)
    if mode == .exercises {
      for (topic, exercise) in items {
        guard let verdict = verdicts[exercise.id] else { continue }
        progress.record(
          verdict, for: exercise.id, fingerprint: workspace.fingerprint(of: exercise, in: topic, mode: mode))
      }
      progress.save()
    }
    return verdicts
  }

  /// The learner's state of every exercise: from memory when the files are unchanged, from the stub
  /// when the file is still exactly as shipped, and otherwise by checking (unless `checking` is off).
  func states(checking: Bool) throws -> [String: Verdict?] {
    var states: [String: Verdict?] = [:]
    var toCheck: [(topic: Topic, exercise: Exercise)] = []
    for (topic, exercise) in exercises {
      let fingerprint = workspace.fingerprint(of: exercise, in: topic, mode: .exercises)
      if let remembered = progress.verdict(exercise.id, fingerprint: fingerprint) {
        states[exercise.id] = remembered
      } else if isShippedStub(exercise, in: topic) {
        states[exercise.id] = .notStarted("")
      } else if checking {
        toCheck.append((topic, exercise))
      } else {
        states[exercise.id] = .some(nil)
      }
    }
    if !toCheck.isEmpty {
      for (id, verdict) in try check(toCheck) { states[id] = verdict }
    }
    return states
  }

  /// Whether the learner's file is still exactly as shipped (the stub, or the code to review).
  func isShippedStub(_ exercise: Exercise, in topic: Topic) -> Bool {
    guard let current = workspace.read(topic.exercisePath(exercise)) else { return false }
    if exercise.kind == .stub, !current.contains("NotStarted(\"\(exercise.id)\"") { return false }
    return (try? workspace.pristineStub(of: exercise, in: topic)) == current
  }

  /// The first exercise, in teaching order, that has not passed.
  func next(after states: [String: Verdict?]) -> (topic: Topic, exercise: Exercise)? {
    exercises.first { states[$0.exercise.id] != .some(.passed) }
  }
}
