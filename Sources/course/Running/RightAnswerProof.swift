import CourseCatalog
import Foundation

/// Proves the course's right answers to the topics whose learners write the tests: suites written in
/// other styles than the reference (a harness type, an event log, a table of paths), kept in
/// `Tests/RightAnswers/<Topic>/<id>-<style>.swift`, each of which must pass `course check` whole: the
/// correct subject in every run, and every mutant caught, the hand-written and the operators' alike.
///
/// A grader that only the reference suite passes grades a style, not a suite; these are the proof that
/// it does not.
struct RightAnswerProof {
  /// Where the right answers live, relative to the root, one folder per topic.
  static let folder = "Tests/RightAnswers"

  /// What became of one right answer.
  struct Finding {
    var exerciseID: String
    /// Its file, relative to the root.
    var file: String
    /// Why it did not pass, when it did not.
    var problem: String?
  }

  let workspace: Workspace
  var topics: [Topic]
  var exerciseIDs: Set<String>? = nil
  var timeLimit: Double = 600
  var log: @Sendable (String) -> Void = { line in
    print(line)
    fflush(nil)
  }

  /// The right answers of `topics`, filtered by ``exerciseIDs``: each with its topic and exercise.
  func answers() -> [(topic: Topic, exercise: Exercise, file: String)] {
    topics.filter(\.learnerWritesTests).flatMap { topic in
      let folder = "\(Self.folder)/\(topic.module)"
      let files = (try? FileManager.default.contentsOfDirectory(atPath: workspace.url(folder).path)) ?? []
      return files.filter { $0.hasSuffix(".swift") }.sorted().compactMap {
        file -> (topic: Topic, exercise: Exercise, file: String)? in
        let id = String(file.prefix { $0 != "-" })
        guard let exercise = topic.exercises.first(where: { $0.id == id }), exerciseIDs?.contains(id) ?? true
        else { return nil }
        return (topic, exercise, "\(folder)/\(file)")
      }
    }
  }

  /// Grades the right answers, one per exercise in a round, from one build a round.
  func run() throws -> [Finding] {
    var pending = answers()
    var findings: [Finding] = []
    var checker = Checker(workspace: workspace, mode: .solutions, timeLimit: timeLimit)
    checker.subjectMutants = nil
    while !pending.isEmpty {
      var round: [(topic: Topic, exercise: Exercise, file: String)] = []
      for answer in pending where !round.contains(where: { $0.exercise.id == answer.exercise.id }) {
        round.append(answer)
      }
      pending.removeAll { answer in round.contains { $0.file == answer.file } }
      for topic in topics where round.contains(where: { $0.topic == topic }) {
        let own = round.filter { $0.topic == topic }
        try writeScratch(of: topic, swapping: own)
        log("right answers of \(topic.module): " + own.map(\.file).joined(separator: ", "))
        let build = try checker.build(
          topics: [topic], sourcesFolder: WrongAnswerProof.sourcesFolder, scratch: WrongAnswerProof.scratch)
        guard build.succeeded else {
          let error = Checker.compileErrors(in: build.output).first ?? String(build.output.suffix(500))
          findings += own.map {
            Finding(exerciseID: $0.exercise.id, file: $0.file, problem: "does not compile: \(error)")
          }
          continue
        }
        let verdicts = try checker.grade(
          own.map(\.exercise), of: topic, sourcesFolder: WrongAnswerProof.sourcesFolder,
          scratch: WrongAnswerProof.scratch, label: topic.module, correctRuns: 2)
        for answer in own {
          let verdict = verdicts[answer.exercise.id]
          findings.append(
            Finding(
              exerciseID: answer.exercise.id, file: answer.file,
              problem: verdict == .passed
                ? nil : "its check says: \(verdict?.explanation.joined(separator: " ") ?? "nothing")"))
        }
      }
    }
    return findings
  }

  /// Writes the topic's solutions where the proofs build, with `answers` in their exercises' place.
  private func writeScratch(of topic: Topic, swapping answers: [(topic: Topic, exercise: Exercise, file: String)])
    throws
  {
    let folder = workspace.url("\(WrongAnswerProof.sourcesFolder)/\(topic.module)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for exercise in topic.exercises {
      let source = answers.first { $0.exercise.id == exercise.id }?.file ?? topic.solutionPath(exercise)
      let contents = workspace.read(source) ?? ""
      let file = folder.appendingPathComponent(exercise.fileName)
      if (try? String(contentsOf: file, encoding: .utf8)) != contents {
        try contents.write(to: file, atomically: true, encoding: .utf8)
      }
    }
  }
}
