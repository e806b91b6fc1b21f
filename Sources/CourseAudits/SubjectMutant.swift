import Foundation

extension MutationOperator {
  /// The mutants the operators make of a topic 7 subject's own code, numbered from 1 in the file's order.
  ///
  /// A subject file holds the correct subject and, woven into it, the hand-written mutants' machinery:
  /// the lines that read `Mutant.chosen(for:)` or name a `mutant`, the `case "slug":` clauses a
  /// `switch` on it runs, and the helpers whose doc comment says they serve a mutant. An operator mutant
  /// there changes what only a hand-written mutant runs, or duplicates one, so those lines are left
  /// alone: what is left is the code a learner's tests meet when no hand-written mutant is chosen.
  public static func mutants(ofSubject subject: String) -> [SolutionMutant] {
    let lines = SwiftCodeLines(subject)
    let machinery = machineryLines(in: lines)
    // A mutant is the machinery's when the line it changes first is: removing a whole call that holds a
    // hand-written switch (`socket.connect(…)`) still breaks the correct subject.
    return mutants(of: subject).filter { !machinery.contains($0.lines.lowerBound) }.enumerated().map { offset, mutant in
      SolutionMutant(
        number: offset + 1, operation: mutant.operation, lines: mutant.lines, original: mutant.original,
        replacement: mutant.replacement)
    }
  }

  /// The lines of a subject that belong to its hand-written mutants, counted from 0.
  static func machineryLines(in lines: SwiftCodeLines) -> Set<Int> {
    var machinery: Set<Int> = []
    func namesAMutant(_ index: Int) -> Bool {
      let code = lines.code[index]
      return !code.wordRanges(of: "mutant").isEmpty || code.contains("Mutant.")
    }
    // The end of the block that opens at or after `start`: the line where the brackets it opens close, or
    // (`branch`) the `} else` that closes an `if`'s own block, whose `else` is not that branch's.
    func blockEnd(from start: Int, branch: Bool = false) -> Int {
      // A `} else if … {` line closes the block before it: its own opens after that `}`.
      var depth = lines.trimmed(start).hasPrefix("}") ? 1 : 0
      var opened = false
      for index in start..<lines.code.count {
        if branch, index > start, opened, depth == 1, lines.trimmed(index).hasPrefix("} else") { return index - 1 }
        depth += lines.depthChange(index)
        if lines.code[index].contains("{") { opened = true }
        if opened, depth <= 0 { return index }
      }
      return lines.code.count - 1
    }
    var index = 0
    var docMentionsMutant = false
    while index < lines.code.count {
      let text = lines.text[index].trimmingCharacters(in: .whitespaces)
      if text.hasPrefix("///") {
        if text.range(of: "mutant", options: .caseInsensitive) != nil { docMentionsMutant = true }
        index += 1
        continue
      }
      if docMentionsMutant, !text.isEmpty {
        // A declaration that serves a hand-written mutant, whole.
        let end =
          MutationSchema.isDeclaration(text)
            || ["class ", "struct ", "enum ", "actor "].contains {
              text.contains($0)
            } ? blockEnd(from: index) : index
        machinery.formUnion(index...end)
        docMentionsMutant = false
        index = end + 1
        continue
      }
      if namesAMutant(index) {
        // An `if` that a mutant is chosen (`mutant == "slug"`): its block runs for that mutant only. (One
        // that it is not, `!=`, holds the correct subject's code: only its line is the machinery's.)
        let isBranch =
          (text.hasPrefix("if ") || text.hasPrefix("} else if ")) && text.hasSuffix("{") && text.contains("== \"")
          && !text.contains("!= \"")
        let end = isBranch ? blockEnd(from: index, branch: true) : index
        machinery.formUnion(index...end)
        index = end + 1
        continue
      }
      // A clause of a switch that only a hand-written mutant reaches: a `case` whose pattern holds a string.
      if text.hasPrefix("case "), text.contains("\":") || text.contains("\"):") {
        machinery.insert(index)
        let indent = lines.text[index].prefix { $0 == " " }.count
        var next = index + 1
        while next < lines.code.count {
          let line = lines.text[next]
          let nextIndent = line.prefix { $0 == " " }.count
          let trimmed = line.trimmingCharacters(in: .whitespaces)
          if !trimmed.isEmpty, nextIndent <= indent { break }
          machinery.insert(next)
          next += 1
        }
        index = next
        continue
      }
      index += 1
    }
    return machinery
  }
}
