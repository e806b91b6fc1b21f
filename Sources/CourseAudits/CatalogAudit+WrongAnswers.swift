import CourseCatalog
import Foundation

extension CatalogAudit {
  /// The minimum number of wrong answers an exercise of a topic with a corpus keeps.
  public static let wrongAnswersPerExercise = 4

  /// The problems of a topic's implications: an anti-pattern implies only ids its exercise (or the
  /// kit) declares, and never, through others, itself, so every folded failure has a cause that is shown.
  public func implicationProblems(of topic: Topic) -> [String] {
    var problems: [String] = []
    for exercise in topic.exercises {
      let declared = Set((exercise.antiPatterns + AntiPattern.kit).map(\.id))
      let closure = AntiPattern.consequences(in: exercise.antiPatterns)
      for antiPattern in exercise.antiPatterns {
        for id in antiPattern.implies where !declared.contains(id) {
          problems.append(
            "Exercise \(exercise.id)'s anti-pattern `\(antiPattern.id)` implies `\(id)`, which the exercise does not declare."
          )
        }
        let loops =
          antiPattern.implies.contains(antiPattern.id)
          || antiPattern.implies.contains { (closure[$0] ?? []).contains(antiPattern.id) }
        if loops {
          problems.append(
            "Exercise \(exercise.id)'s anti-pattern `\(antiPattern.id)` implies itself: a cause must not be its own consequence."
          )
        }
      }
    }
    return problems
  }

  /// The problems between a topic's lesson bullets, its catalog's anti-patterns and its corpus of wrong answers.
  ///
  /// Only a topic that keeps a corpus (its folder under `Tests/WrongAnswers/` exists) is held
  /// to it: every bullet its lesson says the tests catch is declared by exactly one anti-pattern of
  /// the catalog, every anti-pattern is committed by a wrong answer that names its id, every wrong
  /// answer names an id its exercise declares, and every exercise has at least ``wrongAnswersPerExercise``.
  public func wrongAnswerProblems(of topic: Topic) -> [String] {
    guard WrongAnswer.hasCorpus(topic, root: root) else { return [] }
    var problems: [String] = []
    let (corpus, unreadable) = WrongAnswer.corpus(of: topic, root: root)
    problems += unreadable
    let lesson = (try? String(contentsOf: root.appendingPathComponent(topic.lessonPath), encoding: .utf8)) ?? ""
    let bulletsBySection = Self.antiPatternBullets(in: lesson)
    for exercise in topic.exercises {
      let bullets = bulletsBySection[exercise.lessonAnchor] ?? []
      let own = corpus.filter { $0.exerciseID == exercise.id }
      // A section shared by several exercises (the capstone's four adapters) holds each bullet to the
      // exercise it opens with ("6.4: ..."), and a bullet that names none to one of them at least.
      let sharing = topic.exercises.filter { $0.lessonAnchor == exercise.lessonAnchor }
      for bullet in bullets {
        let named = sharing.first { bullet.hasPrefix("\($0.id): ") }
        guard named.map({ $0.id == exercise.id }) ?? (sharing.first?.id == exercise.id) else { continue }
        let declarers = (named.map { [$0] } ?? sharing).flatMap { candidate in
          candidate.antiPatterns.filter { $0.bullet.map(bullet.hasPrefix) ?? false }
            .map { "\(candidate.id) `\($0.id)`" }
        }
        if declarers.isEmpty {
          problems.append(
            "\(topic.lessonPath)#\(exercise.lessonAnchor) says the tests catch \"\(bullet)\", but exercise \(exercise.id) declares no anti-pattern for it."
          )
        } else if declarers.count > 1 {
          problems.append(
            "\(topic.lessonPath)#\(exercise.lessonAnchor)'s bullet \"\(bullet)\" is declared by \(declarers.count) anti-patterns: \(declarers.joined(separator: ", "))."
          )
        }
      }
      var seen: Set<String> = []
      for antiPattern in exercise.antiPatterns {
        if !AntiPattern.isID(antiPattern.id) {
          problems.append(
            "Exercise \(exercise.id)'s anti-pattern id \"\(antiPattern.id)\" is not lowercase words joined by dashes.")
        }
        if !seen.insert(antiPattern.id).inserted {
          problems.append("Exercise \(exercise.id) declares the anti-pattern `\(antiPattern.id)` twice.")
        }
        guard let bullet = antiPattern.bullet else { continue }
        if !bullets.contains(where: { $0.hasPrefix(bullet) }) {
          problems.append(
            "Exercise \(exercise.id)'s anti-pattern `\(antiPattern.id)` starts \"\(bullet)\", which is not a bullet of \(topic.lessonPath)#\(exercise.lessonAnchor)'s anti-patterns."
          )
        }
        if !own.contains(where: { $0.antiPattern == antiPattern.id }) {
          problems.append(
            "Exercise \(exercise.id)'s anti-pattern `\(antiPattern.id)` (\"\(bullet)\") has no wrong answer that names it."
          )
        }
      }
      for answer in own where !exercise.antiPatterns.contains(where: { $0.id == answer.antiPattern }) {
        problems.append(
          "\(answer.path) names the anti-pattern `\(answer.antiPattern)`, which exercise \(exercise.id) does not declare."
        )
      }
      if own.count < Self.wrongAnswersPerExercise {
        problems.append(
          "Exercise \(exercise.id) has \(own.count) wrong answers in \(WrongAnswer.folder)/\(topic.module); it needs \(Self.wrongAnswersPerExercise)."
        )
      }
    }
    for answer in corpus where !topic.exercises.contains(where: { $0.id == answer.exerciseID }) {
      problems.append(
        "\(answer.path) answers exercise \(answer.exerciseID), which topic \(topic.number) does not have.")
    }
    return problems
  }

  /// The bullets of every "Anti-patterns the tests catch" list in `markdown`, by the anchor of the section they are in.
  ///
  /// A bullet is a list item (`- ` or `1. `) with its continuation lines, joined by spaces.
  public static func antiPatternBullets(in markdown: String) -> [String: [String]] {
    var result: [String: [String]] = [:]
    var section = ""
    var inCode = false
    var collecting = false
    var current: String?
    func close() {
      if let item = current { result[section, default: []].append(item) }
      current = nil
    }
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("```") { inCode.toggle() }
      if inCode {
        if collecting {
          close()
          collecting = false
        }
        continue
      }
      if line.hasPrefix("#") {
        close()
        collecting = false
        section = anchor(for: line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces))
        continue
      }
      if line.localizedCaseInsensitiveContains("anti-patterns the tests catch") {
        close()
        collecting = true
        continue
      }
      guard collecting else { continue }
      if let item = listItem(line) {
        close()
        current = item
      } else if line.hasPrefix(" "), current != nil, !line.trimmingCharacters(in: .whitespaces).isEmpty {
        current! += " " + line.trimmingCharacters(in: .whitespaces)
      } else if line.trimmingCharacters(in: .whitespaces).isEmpty {
        continue
      } else {
        close()
        collecting = false
      }
    }
    close()
    return result
  }

  /// The text of a list item's first line, without its `- ` or `1. ` marker; `nil` when the line starts no item.
  private static func listItem(_ line: String) -> String? {
    if line.hasPrefix("- ") { return String(line.dropFirst(2)) }
    let digits = line.prefix { $0.isNumber }
    guard !digits.isEmpty, line.dropFirst(digits.count).hasPrefix(". ") else { return nil }
    return String(line.dropFirst(digits.count + 2))
  }
}
