/// A mutant of a solution that no test can tell from the solution, with the reason.
///
/// `course prove --mutants` fails on every mutant its suite lets through, except these: each is
/// listed in the catalog with one line that says why the mutant behaves as the solution does, so a
/// reader can check the claim and a changed solution drops a stale entry (an entry that matches no
/// mutant, or whose mutant is caught, fails the proof too).
public struct EquivalentMutant: Sendable, Codable, Hashable {
  /// The operator's name, such as `"remove-statement"`.
  public let operation: String
  /// The first line the mutant changes, as the solution has it, without its indentation.
  public let line: String
  /// What the mutant's line becomes, without indentation; `nil` for every mutant of `operation` on `line`.
  public let becomes: String?
  /// Why no test can tell it from the solution, in a sentence.
  public let because: String

  /// Lists the mutant that `operation` makes of `line` (becoming `becomes`) as equivalent, `because` ...
  public init(_ operation: String, on line: String, becomes: String? = nil, because: String) {
    self.operation = operation
    self.line = line
    self.becomes = becomes
    self.because = because
  }
}
