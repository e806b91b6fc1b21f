import Foundation

/// A solution with all its mutants compiled in, each chosen at run time by its number (a mutant schema).
///
/// Building one program per mutant would take hours on two cores. Instead each function body that
/// has mutants becomes a `switch` over the number `COURSE_MUTANT_FILE` names for the exercise: one
/// case per mutant, holding the whole body with that mutant applied, and the original body as the
/// default. So a topic costs one build, and one run of a suite per mutant; without the file, or
/// under plain `swift test`, every case is the original.
public struct MutationSchema: Sendable {
  /// The exercise whose number the schema reads, such as `"3.4"`.
  public let exerciseID: String
  /// The mutants compiled in.
  public let mutants: [SolutionMutant]
  /// The schema's source: the solution with its mutated bodies.
  public let source: String
  /// For each line of `source`, counted from 0: the mutant whose case it is in, or 0 for an original body's line
  /// of a function with mutants (then ``functionMutants`` names them), or -1 for a line outside any case.
  private let owners: [Int]
  /// For each line of an original body in `source`, the mutants of that function.
  private let functionMutants: [Int: [Int]]

  /// The schema of `solution` for `exerciseID`, with every mutant of `mutants`.
  public init(solution: String, exerciseID: String, mutants: [SolutionMutant]) {
    self.exerciseID = exerciseID
    self.mutants = mutants
    let lines = SwiftCodeLines(solution)
    var output: [String] = []
    var owners: [Int] = []
    var functionMutants: [Int: [Int]] = [:]
    func emit(_ line: String, _ owner: Int) {
      output.append(line)
      owners.append(owner)
    }
    // The number is read once, lazily, from the file every run of the course's test runner names.
    let reader = [
      "import Foundation",
      "",
      "/// The mutant of \(exerciseID) this process runs; 0 for the solution itself.",
      "private let courseMutant: Int = {",
      "  let environment = ProcessInfo.processInfo.environment",
      "  let named = environment[\"COURSE_MUTANT_FILE\"].flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }",
      "  for pair in (environment[\"COURSE_MUTANT\"] ?? named ?? \"\").split(whereSeparator: { $0 == \",\" || $0.isNewline }) {",
      "    let parts = pair.split(separator: \"=\", maxSplits: 1)",
      "    if parts.count == 2, parts[0] == \"\(exerciseID)\", let number = Int(parts[1]) { return number }",
      "  }",
      "  return 0",
      "}()",
      "",
    ]
    var next = 0
    for body in Self.bodies(in: lines) {
      let own = mutants.filter { $0.lines.lowerBound > body.open && $0.lines.upperBound < body.close }
      guard !own.isEmpty else { continue }
      while next <= body.open {
        emit(lines.text[next], -1)
        next += 1
      }
      // The original body, the switch around it and the function's last line are every mutant's: an error
      // there (an initializer that leaves a property unset is reported at its end) blames them all.
      func emitShared(_ line: String) {
        functionMutants[output.count] = own.map(\.number)
        emit(line, 0)
      }
      // A body that is one expression, returned implicitly, gets its `return` written out in every case:
      // the `switch` is then a statement, and each case is type-checked as the function's body was.
      let implicit = body.returnsValue && Self.isOneExpression(lines, (body.open + 1)..<body.close)
      func returning(_ body: [String]) -> [String] {
        guard implicit, let first = body.firstIndex(where: { Self.isCode($0) }) else { return body }
        var result = body
        let indent = result[first].prefix { $0 == " " }
        result[first] = indent + "return " + result[first].dropFirst(indent.count)
        return result
      }
      emitShared("switch courseMutant {")
      for mutant in own {
        emit("case \(mutant.number):", mutant.number)
        let mutated = mutant.applied(to: lines.text)
        let removed = mutant.lines.count - mutant.replacement.count
        let bodyLines = Array(mutated[(body.open + 1)..<(body.close - removed)])
        if let local = body.local {
          // A function that returns a value gets each mutant's body as a local function of its own shape, so
          // a mutant that lets control reach the end without a `return` is reported there, on its own lines,
          // and not at the end of the function every case shares.
          let name = "courseMutant\(mutant.number)"
          emit("func \(name)() \(local.effects) -> \(local.result) {", mutant.number)
          for line in bodyLines { emit(line, mutant.number) }
          emit("}", mutant.number)
          let call =
            (local.effects.contains("throws") ? "try " : "") + (local.effects.contains("async") ? "await " : "")
          emit("return \(call)\(name)()", mutant.number)
          continue
        }
        let lines = returning(bodyLines)
        for line in lines { emit(line, mutant.number) }
        // A body with its only statement removed is empty, which a function may be and a case may not.
        if !lines.contains(where: Self.isCode) { emit("break", mutant.number) }
      }
      emitShared("default:")
      for line in returning(Array(lines.text[(body.open + 1)..<body.close])) { emitShared(line) }
      emitShared("}")
      emitShared(lines.text[body.close])
      next = body.close + 1
    }
    while next < lines.text.count {
      emit(lines.text[next], -1)
      next += 1
    }
    // The reader goes after the header comment's first line, before the imports.
    let insertAt = min(1, output.count)
    output.insert(contentsOf: reader, at: insertAt)
    owners.insert(contentsOf: Array(repeating: -1, count: reader.count), at: insertAt)
    self.functionMutants = Dictionary(uniqueKeysWithValues: functionMutants.map { ($0.key + reader.count, $0.value) })
    self.owners = owners
    source = output.joined(separator: "\n") + "\n"
  }

  /// The mutants a compile error at `line` of ``source`` (counted from 1, as the compiler does) may be the
  /// fault of: the one whose case it is in (`shared` false), or every mutant of the function whose switch,
  /// original body or end it is on (`shared` true: one bad case can make the compiler read the `switch`
  /// as a statement, and report a missing `return` at the function's end); `nil` when the line belongs
  /// to no mutant, so the schema itself is broken.
  public func culprits(ofErrorAtLine line: Int) -> (mutants: [Int], shared: Bool)? {
    let index = line - 1
    guard owners.indices.contains(index) else { return nil }
    switch owners[index] {
    case -1: return nil
    case 0: return functionMutants[index].map { ($0, true) }
    case let number: return ([number], false)
    }
  }

  /// The bodies in `lines` that a `switch` can hold: for each, the line of its `{` and the line of its `}`.
  ///
  /// A body is a `func`'s, an `init`'s or `deinit`'s, an accessor's or a computed property's, found at
  /// the level of a file or a type, whose `{` ends a line and whose `}` stands alone on its line.
  public static func bodies(in lines: SwiftCodeLines) -> [Body] {
    var bodies: [Body] = []
    var index = 0
    while index < lines.code.count {
      let trimmed = lines.trimmed(index)
      guard isDeclaration(trimmed) else {
        index += 1
        continue
      }
      // The signature may run over several lines; its body opens where the brackets leave one `{` open.
      var depth = 0
      var line = index
      var open: Int?
      while line < lines.code.count {
        depth += lines.depthChange(line)
        let text = lines.trimmed(line)
        if depth == 1, text.hasSuffix("{") {
          open = line
          break
        }
        if depth <= 0, line > index || !text.hasSuffix("(") {
          let next = line + 1 < lines.code.count ? lines.trimmed(line + 1) : ""
          guard ["->", "async", "throws", "where", "{"].contains(where: { next.hasPrefix($0) }) else { break }
        }
        line += 1
      }
      guard let open else {
        index += 1
        continue
      }
      // An accessor block (`get`, `set`, `didSet`) is walked into, so each accessor is its own body.
      let first = ((open + 1)..<lines.code.count).first { !lines.trimmed($0).isEmpty }.map(lines.trimmed) ?? ""
      if ["get", "set", "didSet", "willSet", "_read", "_modify"].contains(where: { first.hasPrefix($0 + " {") }) {
        index = open + 1
        continue
      }
      var close = open + 1
      var nested = 1
      while close < lines.code.count {
        nested += lines.depthChange(close)
        if nested <= 0 { break }
        close += 1
      }
      if close < lines.code.count, nested == 0, lines.trimmed(close) == "}" {
        let signature = (index...open).map(lines.trimmed).joined(separator: " ")
        let words = signature.split(separator: " ")
        let returnsValue =
          (signature.contains("->") && !signature.contains("-> Void {"))
          || (words.contains("var") && !words.contains("func")) || signature.hasPrefix("get {")
        bodies.append(
          Body(
            open: open, close: close, returnsValue: returnsValue,
            local: words.contains("func") && returnsValue ? localSignature(of: signature) : nil))
      }
      index = close + 1
    }
    return bodies
  }

  /// A body a `switch` can hold: the lines of its `{` and its `}`, and how it returns.
  public struct Body: Sendable {
    /// The line of its `{`, counted from 0.
    public let open: Int
    /// The line of its `}`, counted from 0.
    public let close: Int
    /// Whether it returns a value (a function with a result, a computed property, a getter).
    public let returnsValue: Bool
    /// For a function that returns a value, what a local function standing in for its body is declared
    /// with: its effects (`async throws`) and its result type; `nil` where no local function can stand in.
    public let local: (effects: String, result: String)?
  }

  /// The effects and the result type of a function's signature, for a local function of the same shape;
  /// `nil` for one that `rethrows` (a local function cannot) or whose result the signature hides.
  static func localSignature(of signature: String) -> (effects: String, result: String)? {
    guard let arrow = signature.range(of: "->", options: .backwards), signature.hasSuffix("{"),
      !signature.contains("rethrows")
    else { return nil }
    var result = signature[arrow.upperBound...].dropLast().trimmingCharacters(in: .whitespaces)
    if let clause = result.range(of: " where ") { result = String(result[..<clause.lowerBound]) }
    let head = signature[..<arrow.lowerBound]
    guard let close = head.lastIndex(of: ")"), !result.isEmpty else { return nil }
    let effects = head[head.index(after: close)...].split(separator: " ").filter { $0 == "async" || $0 == "throws" }
    return (effects.joined(separator: " "), result)
  }

  /// Whether the lines of `range` are one expression: a single statement, not a declaration or a keyword's.
  static func isOneExpression(_ lines: SwiftCodeLines, _ range: Range<Int>) -> Bool {
    let starts = MutationOperator.statementStarts(in: lines, range)
    let code = range.filter { !lines.trimmed($0).isEmpty }
    guard let first = code.first, let last = code.last, starts[first] == last else { return false }
    let word = lines.trimmed(first).prefix { $0.isLetter }
    let keywords: Set<Substring> = [
      "let", "var", "if", "guard", "for", "while", "return", "throw", "do", "switch", "defer", "repeat",
    ]
    return !keywords.contains(word)
  }

  /// Whether a line of source holds code: not blank, not only a comment.
  static func isCode(_ line: String) -> Bool {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    return !trimmed.isEmpty && !trimmed.hasPrefix("//")
  }

  /// Whether a line starts a declaration with a body of code: a function, an initializer, an accessor or a
  /// computed property (a `var` with a type and no `=`).
  static func isDeclaration(_ trimmed: String) -> Bool {
    let head = trimmed.prefix { $0 != "(" && $0 != "{" && $0 != "<" }
    let words = head.split(separator: " ")
    if words.contains("func") || words.contains(where: { $0 == "init" || $0 == "init?" || $0 == "deinit" }) {
      return true
    }
    if words.contains("subscript") { return true }
    if ["get {", "set {", "didSet {", "willSet {"].contains(where: { trimmed.hasPrefix($0) })
      || trimmed.hasPrefix("set(")
    {
      return true
    }
    if words.contains("var"), trimmed.hasSuffix("{"), trimmed.contains(":"), !trimmed.contains(" = ") {
      return true
    }
    return false
  }
}
