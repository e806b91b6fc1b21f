import CourseAudits
import Foundation
import Testing

@Suite("The mutation operators, and the schema that holds a solution's mutants in one build")
struct SolutionMutantTests {
  /// A solution shaped as the course's are: a header, an import, two functions and a property.
  static let solution = """
    // Exercise 0.1 · A sample · solution

    import LegacyKit

    /// Loads, and says "if a == b" in a string that no operator may touch.
    public func load(refresh: Bool, api: API) async throws -> [Int] {
      let note = "a == b && true"  // a comment with == and true
      if refresh && api.isOnline {
        api.clear()
      }
      guard api.count >= 2 else { return [] }
      return try await api.items(forceRefresh: refresh)
    }

    public final class Stream {
      public var isEmpty: Bool {
        count == 0
      }

      func make() -> AsyncStream<Int> {
        AsyncStream(bufferingPolicy: .unbounded) { continuation in
          continuation.onTermination = { _ in
            self.stop()
          }
          continuation.finish()
        }
      }
    }
    """

  static var mutants: [SolutionMutant] { MutationOperator.mutants(of: solution) }

  static func mutated(_ operation: MutationOperator) -> [String] {
    mutants.filter { $0.operation == operation }.map { $0.replacement.joined(separator: "\n") }
  }

  @Test("Comments and string literals are blanked out, so no operator mutates them")
  func onlyCode() {
    let lines = SwiftCodeLines(Self.solution)
    #expect(lines.trimmed(6) == "let note = ________________" && lines.code[6].count == lines.text[6].count)
    #expect(
      !Self.mutants.contains { $0.line == 7 }, "line 7 has code only in its `let`: \(Self.mutants.map(\.summary))")
  }

  @Test("Comparisons and logic are flipped, each occurrence its own mutant")
  func flips() {
    #expect(Self.mutated(.flipLogic) == ["  if refresh || api.isOnline {"])
    #expect(Self.mutated(.flipComparison).contains("  guard api.count < 2 else { return [] }"))
    #expect(Self.mutated(.flipComparison).contains("    count != 0"))
  }

  @Test("A plain condition is negated and an `if` taken always; a binding is left alone")
  func conditions() {
    #expect(Self.mutated(.negateCondition).contains("  if !(refresh && api.isOnline) {"))
    #expect(Self.mutated(.alwaysBranch) == ["  if true {"])
    let binding = MutationOperator.mutants(of: "func f() {\n  if let x = y {\n    use(x)\n  }\n}\n")
    #expect(!binding.contains { $0.operation == .negateCondition || $0.operation == .alwaysBranch })
  }

  @Test("An argument that passes a name on is given constants; a type annotation is not an argument")
  func constants() {
    let constants = Self.mutated(.constantArgument)
    #expect(constants.contains("  return try await api.items(forceRefresh: true)"))
    #expect(constants.contains("  return try await api.items(forceRefresh: false)"))
    #expect(!constants.contains { $0.contains("refresh: true, api") }, "a parameter list is no call")
  }

  @Test("A statement is removed whole, block and all; a declaration or a return with a value is not")
  func removals() {
    let removed = Self.mutants.filter { $0.operation == .removeStatement }
    #expect(
      removed.contains { $0.lines == 7...9 && $0.replacement.isEmpty }, "the whole `if`: \(removed.map(\.summary))")
    #expect(removed.contains { $0.original == ["    api.clear()"] })
    #expect(removed.contains { $0.original == ["      continuation.finish()"] })
    #expect(!removed.contains { $0.original.first?.contains("let note") ?? false })
    #expect(!removed.contains { $0.original.first?.contains("return try") ?? false })
  }

  @Test("A stream's buffering policy is changed, and its termination handler emptied")
  func concurrency() {
    #expect(
      Self.mutated(.bufferingPolicy) == ["    AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in"])
    #expect(Self.mutated(.cancellationDropped) == ["      continuation.onTermination = { _ in }"])
    let hop = MutationOperator.mutants(of: "func f() async {\n  await MainActor.run {\n    show()\n  }\n}\n")
    #expect(hop.contains { $0.operation == .mainActorHop && $0.replacement == ["  Task { @MainActor in"] })
    let policy = MutationOperator.mutants(of: "func f() {\n  p.catch(policy: .allErrors) { _ in }\n}\n")
    #expect(policy.contains { $0.operation == .cancellationDropped && $0.replacement == ["  p.catch { _ in }"] })
  }

  @Test("The schema holds every mutant as a case of its function's body, the original as the default")
  func schema() throws {
    let mutants = Self.mutants
    let schema = MutationSchema(solution: Self.solution, exerciseID: "0.1", mutants: mutants)
    #expect(schema.source.contains("parts[0] == \"0.1\""))
    #expect(schema.source.components(separatedBy: "switch courseMutant {").count - 1 == 3, "three bodies have mutants")
    for mutant in mutants { #expect(schema.source.contains("case \(mutant.number):")) }
    // An error on a mutant's line blames that mutant; on an original body's line, every mutant of that body.
    let lines = schema.source.components(separatedBy: "\n")
    let firstCase = try #require(lines.firstIndex(of: "case 1:"))
    let own = try #require(schema.culprits(ofErrorAtLine: firstCase + 2))
    #expect(own.mutants == [1] && !own.shared)
    let defaultLine = try #require(lines.firstIndex(of: "default:"))
    let blamed = try #require(schema.culprits(ofErrorAtLine: defaultLine + 2))
    #expect(blamed.mutants.contains(1) && blamed.mutants.count > 1 && blamed.shared)
    #expect(schema.culprits(ofErrorAtLine: 1) == nil, "the header's line is nobody's")
  }

  @Test("A mutant applied to its solution gives the lines a survivor's patch shows")
  func applied() throws {
    let lines = SwiftCodeLines(Self.solution).text
    let removal = try #require(Self.mutants.first { $0.operation == .removeStatement && $0.lines == 7...9 })
    let result = removal.applied(to: lines)
    #expect(result.count == lines.count - 3 && !result.contains("    api.clear()"))
    #expect(removal.summary.hasPrefix("remove-statement at line 8: `if refresh && api.isOnline {"))
  }
}
