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

  /// Checks `items` in `mode`, remembers the verdicts, and returns them by id; an exercise whose
  /// file changed while it was checked gets no verdict (check it again). With `sanitizesRaces`, as
  /// every learner-facing command has it, an exercise with race tests passes only if they pass under
  /// the thread sanitizer too, so "passed" means the same wherever it is shown.
  func check(
    _ items: [(topic: Topic, exercise: Exercise)], mode: Checker.Mode = .exercises, timeLimit: Double = 120,
    echo: Bool = false, showProgress: Bool = false, sanitizesRaces: Bool = true
  ) throws -> [String: Verdict] {
    var checker = Checker(workspace: workspace, mode: mode, timeLimit: timeLimit, echo: echo)
    checker.sanitizesRaces = sanitizesRaces
    checker.showsRawIssues = echo
    if showProgress, !echo { checker.status = { [self] label in liveStatus(label) } }
    if showProgress {
      checker.notice = { sentence in
        print(sentence)
        fflush(nil)
      }
    }
    // Fingerprints taken before the check: a file saved again while it ran gets no verdict of the older version.
    let before = Dictionary(
      uniqueKeysWithValues: items.map {
        ($0.exercise.id, workspace.fingerprint(of: $0.exercise, in: $0.topic, mode: mode))
      })
    var verdicts = try checker.check(items)
    for (topic, exercise) in items
    where workspace.fingerprint(of: exercise, in: topic, mode: mode) != before[exercise.id] {
      verdicts[exercise.id] = nil
    }
    if mode == .exercises {
      for (_, exercise) in items {
        guard let verdict = verdicts[exercise.id], verdict.judgesTheExercise, let fingerprint = before[exercise.id]
        else { continue }
        progress.record(verdict, for: exercise.id, fingerprint: fingerprint)
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

  /// A status line for a long step, redrawn in place on a terminal.
  func liveStatus(_ label: String) -> LiveStatus {
    LiveStatus(label, inPlace: style.isEnabled)
  }

  /// A status line for a test run of `total` exercises.
  func liveStatus(_ label: String, of total: Int) -> (LiveStatus, total: Int) {
    (liveStatus(label), total)
  }

  /// Where the learner is: the exercise whose file they saved last, when it has not passed yet, or the
  /// next one after it when it has; on a fresh clone, where no file is edited, the first not passed.
  ///
  /// `watch` starts here, so that a learner who is on 3.2 with 1.1 left half-done is not sent back to 1.1.
  func whereTheLearnerIs(_ states: [String: Verdict?]) -> (topic: Topic, exercise: Exercise)? {
    let edited = exercises.compactMap { entry -> (entry: (topic: Topic, exercise: Exercise), saved: Date)? in
      guard !isShippedStub(entry.exercise, in: entry.topic),
        let saved =
          (try? FileManager.default.attributesOfItem(
            atPath: workspace.url(entry.topic.exercisePath(entry.exercise)).path))?[.modificationDate] as? Date
      else { return nil }
      return (entry, saved)
    }
    guard let last = edited.max(by: { $0.saved < $1.saved })?.entry else { return next(after: states) }
    return states[last.exercise.id] == .some(.passed) ? next(after: states, from: last.exercise) : last
  }

  /// The first exercise, in teaching order, that has not passed; after `current`, the next one
  /// after it that has not passed (then, at the end, the first one left behind).
  func next(after states: [String: Verdict?], from current: Exercise? = nil) -> (topic: Topic, exercise: Exercise)? {
    let start = current.flatMap { current in exercises.firstIndex { $0.exercise.id == current.id } }.map { $0 + 1 } ?? 0
    let order = exercises[start...] + exercises[..<start]
    return order.first { states[$0.exercise.id] != .some(.passed) && $0.exercise.id != current?.id }
  }
}
