import CourseCatalog
import Foundation

/// A plausible wrong answer to an exercise, kept in the corpus that proves the suite catches it.
///
/// Each one is a patch of its exercise's solution, `Tests/WrongAnswers/<Topic>/<id>-<slug>.patch`
/// (a unified diff, ``LinePatch``), so the mistake reads in a few lines; applied, it is the whole
/// exercise file, which no target compiles. (A whole file, `<id>-<slug>.swift`, is read too, and
/// `course prove --rebase` turns it into a patch.) The patch's first hunk puts its header in place
/// of the solution's first line: it names the mistake in a learner's words, the id of the
/// anti-pattern it commits (declared in the catalog, with its lesson bullet), and the sentence its
/// failure must show:
///
/// ```swift
/// // Wrong answer to exercise 3.2 · done-only
/// // Mistake: "A promise that fails is rare; resuming from `.done` is enough."
/// // Anti-pattern: done-only
/// // Failure says: A chain with only `.done` never resumes when the promise rejects
/// ```
///
/// The learner's verdict must open with that sentence. An answer whose mistake also fails a second
/// test, with a sentence as true of it, may name that sentence in an `// Also says:` line: the proof
/// then requires it too, so the test it comes from stays proved.
///
/// A mistake that lives in a data race adds a `// Race:` line saying why: its proof runs
/// under the thread sanitizer, which sees the race on every run, however busy the machine.
///
/// `course verify` swaps it into a scratch copy in which every other exercise is
/// solved, runs the exercise's suite, and requires a failure that carries that sentence.
public struct WrongAnswer: Sendable, Hashable {
  /// The folder of the corpus, from the package root.
  public static let folder = "Tests/WrongAnswers"

  /// The id of the exercise it answers, such as `"3.2"`.
  public let exerciseID: String
  /// Its name within the exercise, such as `"done-only"`.
  public let slug: String
  /// Its file, from the package root: the patch, or the whole file.
  public let path: String
  /// The mistake, in a learner's words.
  public let mistake: String
  /// The id of the anti-pattern it commits, which its exercise's catalog entry declares.
  public let antiPattern: String
  /// The sentence the failing suite's output must carry.
  public let sentence: String
  /// A second sentence the failing suite's output must carry, after the first: `nil` when the header has no `Also says` line.
  public let alsoSays: String?
  /// Whether the mistake lives in a data race, which only the thread sanitizer sees on every run
  /// (a `// Race:` line in the header says so, and why); the proof runs it under the sanitizer.
  public let isRace: Bool
  /// The whole file, header included, the patch applied: what is swapped in for the exercise.
  public let source: String

  /// Reads the wrong answer at `path` (from the package root) out of `source`; `nil` when its name or header is not one.
  public init?(path: String, source: String) {
    let name = (path as NSString).lastPathComponent
    guard let ending = Self.endings.first(where: { name.hasSuffix($0) }), let dash = name.firstIndex(of: "-") else {
      return nil
    }
    exerciseID = String(name[..<dash])
    slug = String(name[name.index(after: dash)...].dropLast(ending.count))
    self.path = path
    self.source = source
    let fields = Self.headerFields(source)
    guard let mistake = fields["Mistake"], let antiPattern = fields["Anti-pattern"],
      let sentence = fields["Failure says"]
    else { return nil }
    self.mistake = mistake
    self.antiPattern = antiPattern
    self.sentence = sentence
    alsoSays = fields["Also says"]
    isRace = fields["Race"] != nil
  }

  /// The endings of the corpus's files: a patch of the solution, or a whole file.
  public static let endings = [".patch", ".swift"]

  /// Every wrong answer of `topic`, in file-name order; what cannot be read, or whose patch no
  /// longer applies to its solution, is in `unreadable`, each with the sentence that says why.
  public static func corpus(of topic: Topic, root: URL) -> (answers: [WrongAnswer], unreadable: [String]) {
    let folder = "\(Self.folder)/\(topic.module)"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
    var answers: [WrongAnswer] = []
    var unreadable: [String] = []
    for name in names.sorted() where endings.contains(where: { name.hasSuffix($0) }) {
      let path = "\(folder)/\(name)"
      do {
        let source = try Self.source(of: path, in: topic, root: root)
        guard let answer = WrongAnswer(path: path, source: source) else {
          unreadable.append(
            "\(path) is not a wrong answer: name it <id>-<slug>.patch and give it Mistake, Anti-pattern and Failure says lines."
          )
          continue
        }
        answers.append(answer)
      } catch {
        unreadable.append("\(path): \(error)")
      }
    }
    return (answers, unreadable)
  }

  /// The whole exercise file that the corpus's file at `path` stands for: a patch applied to its
  /// exercise's solution, or the file itself.
  public static func source(of path: String, in topic: Topic, root: URL) throws -> String {
    let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    guard path.hasSuffix(".patch") else { return text }
    let name = (path as NSString).lastPathComponent
    guard let exercise = topic.exercises.first(where: { name.hasPrefix($0.id + "-") }) else {
      throw LinePatch.Failure(description: "no exercise of \(topic.module) has the id it starts with")
    }
    let solutionPath = topic.solutionPath(exercise)
    let solution = try String(contentsOf: root.appendingPathComponent(solutionPath), encoding: .utf8)
    do {
      return try LinePatch(parsing: text).apply(to: solution)
    } catch {
      throw LinePatch.Failure(
        description:
          "no longer applies to \(solutionPath): \(error). Make the mistake again in the changed solution, or run `swift run course prove --rebase` when only the lines around it moved."
      )
    }
  }

  /// Whether `topic` keeps a corpus of wrong answers (its folder exists); the audit holds such a topic to it.
  public static func hasCorpus(_ topic: Topic, root: URL) -> Bool {
    var isFolder: ObjCBool = false
    let path = root.appendingPathComponent("\(Self.folder)/\(topic.module)").path
    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
  }

  /// The header's `// Key: value` fields; a value may go on over lines that start with `//   `.
  static func headerFields(_ source: String) -> [String: String] {
    var fields: [String: String] = [:]
    var current: String?
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      guard line.hasPrefix("//") else { break }
      let text = line.dropFirst(2)
      if let key = current, text.hasPrefix("   "), !text.trimmingCharacters(in: .whitespaces).isEmpty {
        fields[key, default: ""] += " " + text.trimmingCharacters(in: .whitespaces)
        continue
      }
      current = nil
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      guard let colon = trimmed.firstIndex(of: ":") else { continue }
      let key = String(trimmed[..<colon])
      guard ["Mistake", "Anti-pattern", "Failure says", "Also says", "Race"].contains(key) else { continue }
      fields[key] = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      current = key
    }
    return fields
  }
}

extension WrongAnswer {
  /// What rebasing one file of the corpus did.
  public enum Rebase: Sendable, Equatable {
    /// The patch already matched the solution line for line.
    case unchanged
    /// The patch, or the whole file, was written again as a patch of the current solution.
    case rewritten
    /// Its patch no longer applies; the sentence says where.
    case conflict(String)
  }

  /// Writes every file of `topic`'s corpus as a patch of its exercise's current solution: a whole
  /// file becomes a patch, and a patch whose lines moved is made again where they stand now. A patch
  /// whose old lines are gone is a conflict, left as it is, for a person to redo.
  public static func rebase(_ topic: Topic, root: URL) -> [(path: String, rebase: Rebase)] {
    let folder = "\(Self.folder)/\(topic.module)"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
    return names.sorted().filter { name in endings.contains { name.hasSuffix($0) } }.map { name in
      let path = "\(folder)/\(name)"
      guard let exercise = topic.exercises.first(where: { name.hasPrefix($0.id + "-") }),
        let solution = try? String(
          contentsOf: root.appendingPathComponent(topic.solutionPath(exercise)), encoding: .utf8)
      else { return (path, .conflict("\(path): no exercise of \(topic.module) has the id it starts with")) }
      let source: String
      do {
        source = try Self.source(of: path, in: topic, root: root)
      } catch {
        return (path, .conflict("\(path): \(error)"))
      }
      let base = String(name.dropLast(name.hasSuffix(".patch") ? ".patch".count : ".swift".count))
      let patchPath = "\(folder)/\(base).patch"
      let text = LinePatch(from: solution, to: source).text(
        from: topic.solutionPath(exercise), to: "\(folder)/\(base).swift")
      // The patch must give the answer back line for line, or it is not written.
      guard (try? LinePatch(parsing: text).apply(to: solution)) == source else {
        return (path, .conflict("\(path): its patch would not give it back as it is; redo it by hand"))
      }
      let old = try? String(contentsOf: root.appendingPathComponent(patchPath), encoding: .utf8)
      if old == text, name.hasSuffix(".patch") { return (path, .unchanged) }
      do {
        try text.write(to: root.appendingPathComponent(patchPath), atomically: true, encoding: .utf8)
        if name.hasSuffix(".swift") { try FileManager.default.removeItem(at: root.appendingPathComponent(path)) }
      } catch {
        return (path, .conflict("\(path): could not be written as \(patchPath): \(error)"))
      }
      return (path, .rewritten)
    }
  }
}
