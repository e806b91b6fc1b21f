import CourseCatalog
import Foundation

/// What a learner reads is enough, and gives nothing away: no exercise file or hint sends a learner
/// into `Tests/` or `Solutions/`, a module file an exercise is built with is quoted whole in its
/// header, and no lesson quotes a solution's code.
///
/// A learner keeps out of `Tests/` and `Solutions/`, as the README asks; a header that names a file
/// there leaves them the choice of guessing or reading the course's machinery, and a lesson that
/// quotes a solution hands over the exercise it teaches.
extension CatalogAudit {
  /// The folders a learner does not read, as a header, a stub or a hint would name them.
  static let foldersLearnersKeepOutOf = ["Tests/", "Solutions/"]

  /// The problems of `topic`'s exercise files (as shipped) and hints, and of its lesson.
  public func whereLearnersReadProblems(of topic: Topic) -> [String] {
    var problems: [String] = []
    for exercise in topic.exercises {
      let shipped = text("\(shippedExercises ?? "Exercises")/\(topic.module)/\(exercise.fileName)") ?? ""
      for folder in Self.foldersLearnersKeepOutOf where shipped.contains(folder) {
        problems.append(
          "\(topic.exercisePath(exercise)) sends the learner into \(folder), which learners keep out of: quote what they need in its header."
        )
      }
      for (number, hint) in exercise.hints.enumerated() {
        for folder in Self.foldersLearnersKeepOutOf where hint.contains(folder) {
          problems.append("Hint \(number + 1) of \(exercise.id) sends the learner into \(folder).")
        }
      }
      for companion in exercise.swift6?.companions ?? [] {
        guard let code = text(companion) else {
          problems.append("\(exercise.id)'s module file \(companion) is missing.")
          continue
        }
        if !shipped.contains(Self.quoted(code)) {
          problems.append(
            "\(topic.exercisePath(exercise)) does not quote \(companion) whole, as it is (its code after its opening comment, each line as `//   <line>`): the learner reads the module's other files there."
          )
        }
      }
    }
    if let lesson = text(topic.lessonPath) {
      problems += spoilers(in: lesson, named: topic.lessonPath)
    }
    return problems
  }

  /// `code` as a header quotes it: its opening comment lines and surrounding blank lines dropped,
  /// each line as `//   <line>` (a blank one as `//`).
  public static func quoted(_ code: String) -> String {
    var lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while let first = lines.first, first.hasPrefix("//"), !first.hasPrefix("///") { lines.removeFirst() }
    while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
    while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
    return lines.map { $0.isEmpty ? "//" : "//   \($0)" }.joined(separator: "\n")
  }

  /// The Swift blocks of `lesson` that quote a solution: one copied from a file in `Solutions/`, or
  /// one that declares what a solution declares (`ArticleListPresenter`) with three lines of code in a
  /// row that the solution has, in that order, and its exercise as shipped does not.
  ///
  /// The same idiom in another example (a forecast's spinner hidden in `ensure`, where the exercise
  /// hides an article list's) teaches; the exercise's own type with its answer's lines hands it over.
  public func spoilers(in lesson: String, named path: String) -> [String] {
    let solutions = Catalog.topics.flatMap { topic in
      topic.exercises.compactMap {
        exercise -> (id: String, code: [String], shipped: Set<String>, declared: Set<String>)? in
        guard let solution = text("Solutions/\(topic.module)/\(exercise.fileName)") else { return nil }
        let shipped = text("\(shippedExercises ?? "Exercises")/\(topic.module)/\(exercise.fileName)") ?? ""
        return (exercise.id, Self.codeLines(solution), Set(Self.codeLines(shipped)), Self.declaredNames(solution))
      }
    }
    var problems: [String] = []
    for block in FencedBlock.blocks(in: lesson) where block.language == "swift" {
      if let comment = block.comment, comment.contains("from: Solutions/") {
        problems.append(
          "\(path):\(block.line) quotes a solution's file (\(comment.trimmingCharacters(in: .whitespaces))).")
        continue
      }
      let lines = Self.codeLines(block.text)
      guard lines.count >= 3 else { continue }
      let declared = Self.declaredNames(block.text)
      search: for solution in solutions where !declared.isDisjoint(with: solution.declared) {
        for start in 0...(lines.count - 3) {
          let run = Array(lines[start..<start + 3])
          if run.allSatisfy(solution.shipped.contains) { continue }
          if solution.code.count >= 3,
            (0...(solution.code.count - 3)).contains(where: { Array(solution.code[$0..<$0 + 3]) == run })
          {
            problems.append(
              "\(path):\(block.line) quotes the solution of \(solution.id) (`\(run[0])` and the two lines after it): teach with other code than the exercise's answer."
            )
            break search
          }
        }
      }
    }
    return problems
  }

  /// The names `source` declares: its types and functions.
  static func declaredNames(_ source: String) -> Set<String> {
    let words = SuiteRule.withoutComments(source).split { !($0.isLetter || $0.isNumber || $0 == "_") }
    let introducers: Set<Substring> = ["class", "struct", "enum", "actor", "protocol", "func"]
    return Set(zip(words, words.dropFirst()).filter { introducers.contains($0.0) }.map { String($0.1) })
  }

  /// The lines of `source` that say something: without comments, blank lines, lone braces and
  /// other lines too short to give an answer away, each with its spaces squeezed.
  static func codeLines(_ source: String) -> [String] {
    SuiteRule.withoutComments(source).split(separator: "\n").map {
      $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }.filter { $0.count >= 12 }
  }
}
