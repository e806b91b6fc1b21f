import CourseCatalog
import Foundation

/// A plausible wrong answer to an exercise, kept in the corpus that proves the suite catches it.
///
/// Each one is a complete exercise file under `Tests/WrongAnswers/<Topic>/<id>-<slug>.swift`,
/// where no target compiles it. Its header names the mistake in a learner's words, the id of
/// the anti-pattern it commits (declared in the catalog, with its lesson bullet), and the
/// sentence its failure must show:
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
  /// Its file, from the package root.
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
  /// The whole file, header included: what is swapped in for the exercise.
  public let source: String

  /// Reads the wrong answer at `path` (from the package root) out of `source`; `nil` when its name or header is not one.
  public init?(path: String, source: String) {
    let name = (path as NSString).lastPathComponent
    guard name.hasSuffix(".swift"), let dash = name.firstIndex(of: "-") else { return nil }
    exerciseID = String(name[..<dash])
    slug = String(name[name.index(after: dash)...].dropLast(".swift".count))
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

  /// Every wrong answer of `topic`, in file-name order; files whose header cannot be read are in `unreadable`.
  public static func corpus(of topic: Topic, root: URL) -> (answers: [WrongAnswer], unreadable: [String]) {
    let folder = "\(Self.folder)/\(topic.module)"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
    var answers: [WrongAnswer] = []
    var unreadable: [String] = []
    for name in names.sorted() where name.hasSuffix(".swift") {
      let path = "\(folder)/\(name)"
      let source = (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
      if let answer = WrongAnswer(path: path, source: source) {
        answers.append(answer)
      } else {
        unreadable.append(path)
      }
    }
    return (answers, unreadable)
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
