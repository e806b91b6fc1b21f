import CourseCatalog
import Foundation

/// One rule of an exercise's header: a bullet, or a sentence that ends with ids, and the ids it carries.
public struct HeaderRule: Sendable, Equatable {
  /// The header's line it starts on, counted from 1.
  public let line: Int
  /// Its words, the comment marks and the ids taken out.
  public let text: String
  /// The ids in square brackets at its end: the mistakes that break it.
  public let ids: [String]
  /// Whether it is a bullet; a bullet must carry an id, where prose may be context.
  public let isBullet: Bool

  /// The rules of the header of `source`: the comment lines above its first line of code, after its
  /// first three (the title, the grade and lesson, and how to check it).
  public static func rules(in source: String) -> [HeaderRule] {
    let lines = source.components(separatedBy: "\n")
    let header = lines.prefix { $0.hasPrefix("//") }
    var rules: [HeaderRule] = []
    var current: (line: Int, text: [String], isBullet: Bool)?
    func close() {
      guard let rule = current else { return }
      let text = rule.text.joined(separator: " ")
      let ids = Self.ids(in: text)
      // Prose is a rule where it carries ids: each sentence that ends with some is one.
      if rule.isBullet {
        rules.append(HeaderRule(line: rule.line, text: Self.words(text), ids: ids, isBullet: true))
      } else {
        for sentence in Self.taggedSentences(text, from: rule.line) { rules.append(sentence) }
      }
      current = nil
    }
    for (index, raw) in header.enumerated() where index >= 3 {
      let body = raw.dropFirst(2)
      let trimmed = body.trimmingCharacters(in: .whitespaces)
      // A bullet goes on over lines indented under it; a line at the comment's own margin is prose.
      let indented = body.prefix { $0 == " " }.count > 1
      if trimmed.isEmpty {
        close()
      } else if trimmed.hasPrefix("- ") {
        close()
        current = (index + 1, [String(trimmed.dropFirst(2))], true)
      } else if let rule = current, rule.isBullet == indented {
        current?.text.append(trimmed)
      } else {
        close()
        current = (index + 1, [trimmed], false)
      }
    }
    close()
    return rules
  }

  /// The ids in `text`: `[word-word]` groups that are shaped like ids, in order.
  public static func ids(in text: String) -> [String] {
    var ids: [String] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
      let candidate = rest[rest.index(after: open)..<close]
      if AntiPattern.isID(candidate), candidate.contains("-") || candidate.allSatisfy(\.isLetter) {
        ids.append(String(candidate))
      }
      rest = rest[rest.index(after: close)...]
    }
    return ids
  }

  /// `text` without its ids.
  static func words(_ text: String) -> String {
    var result = text
    for id in ids(in: text) { result = result.replacingOccurrences(of: " [\(id)]", with: "") }
    return result
  }

  /// The sentences of a prose paragraph that end with ids, each a rule.
  static func taggedSentences(_ text: String, from line: Int) -> [HeaderRule] {
    var rules: [HeaderRule] = []
    var sentence = ""
    var tokens = text.split(separator: " ").map(String.init)[...]
    while let token = tokens.popFirst() {
      sentence += (sentence.isEmpty ? "" : " ") + token
      let isTag = token.hasPrefix("[") && token.hasSuffix("]") && !ids(in: token).isEmpty
      let nextIsTag = tokens.first.map { $0.hasPrefix("[") && !ids(in: $0).isEmpty } ?? false
      if isTag, !nextIsTag {
        rules.append(HeaderRule(line: line, text: words(sentence), ids: ids(in: sentence), isBullet: false))
        sentence = ""
      }
    }
    return rules
  }
}

extension CatalogAudit {
  /// Every rule of every header traced: each bullet carries an id, each id is a mistake the exercise declares,
  /// a test of its suite reads it (its sentence ends with it), and a wrong answer in the corpus commits it.
  ///
  /// The header is the learner's whole spec. A rule no test reads is a rule a learner can break and pass;
  /// a rule no wrong answer breaks is a test nobody has seen fail. Topic 7's headers name the mutants of
  /// the subject that break each rule, since there the learner's tests are what is graded.
  public func headerRuleProblems(of topic: Topic) -> [String] {
    var problems: [String] = []
    let folder = shippedExercises ?? "Exercises"
    let corpus = WrongAnswer.hasCorpus(topic, root: root) ? WrongAnswer.corpus(of: topic, root: root).answers : []
    let suiteFolder = root.appendingPathComponent("Tests/\(topic.testModule)")
    let suites = (FileManager.default.enumerator(at: suiteFolder, includingPropertiesForKeys: nil)?.allObjects ?? [])
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    for exercise in topic.exercises {
      let path = "\(topic.module)/\(exercise.fileName)"
      guard let source = text("\(folder)/\(path)") else { continue }
      let rules = HeaderRule.rules(in: source)
      let file = "Exercises/\(path)"
      if rules.allSatisfy({ $0.ids.isEmpty }) {
        problems.append("\(file)'s header states no rule with an id: tag each rule with the mistake that breaks it.")
      }
      for rule in rules where rule.isBullet && rule.ids.isEmpty {
        problems.append(
          "\(file):\(rule.line)'s rule \"\(rule.text.count > 60 ? rule.text.prefix(59) + "…" : rule.text)\" has no id: end it with the mistake that breaks it, `[id]`."
        )
      }
      // What the exercise's suite reads: the ids in its own files (`Name.swift`, and the extensions in
      // `Name+Part.swift`) and in the files it shares.
      let own = suites.filter { url in
        let name = url.lastPathComponent
        return name == "\(exercise.suiteName).swift" || name.hasPrefix("\(exercise.suiteName)+")
          || !name.hasPrefix("Ex")
      }
      let suiteText = own.compactMap { try? String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
      // Where the compiler grades first (topic 8), its check reads the lessons' and the hatches' ids, and the
      // kit names its own sentences about the exercise's files (`leaf-first`, `unmarked-debt`).
      let kitText = exercise.swift6 == nil ? "" : text("Sources/CourseKit/Swift6Build.swift") ?? ""
      let compilerIDs = Set(
        exercise.swift6 == nil ? [] : Swift6Lesson.all.map(\.id) + EscapeHatch.all.map(\.id))
      func readByCompilerCheck(_ id: String) -> Bool {
        compilerIDs.contains(id) || kitText.contains("[\(id)]") || kitText.contains("\"\(id)\"")
      }
      for id in Set(rules.flatMap { $0.ids }).sorted() {
        if topic.learnerWritesTests {
          if !exercise.mutants.contains(where: { $0.slug == id }) {
            problems.append("\(file)'s header names `\(id)`, which is not a mutant of exercise \(exercise.id).")
          }
          continue
        }
        guard exercise.antiPatterns.contains(where: { $0.id == id }) || readByCompilerCheck(id) else {
          problems.append("\(file)'s header names `\(id)`, which exercise \(exercise.id) does not declare.")
          continue
        }
        if !readByCompilerCheck(id), !suiteText.contains("[\(id)]") {
          problems.append(
            "\(file)'s rule `\(id)` is read by no test: no failure of \(exercise.suiteName) says [\(id)].")
        }
        if !corpus.contains(where: { $0.exerciseID == exercise.id && $0.antiPattern == id }) {
          problems.append(
            "\(file)'s rule `\(id)` is broken by no wrong answer: add one to \(WrongAnswer.folder)/\(topic.module) that names it."
          )
        }
      }
    }
    return problems
  }
}
