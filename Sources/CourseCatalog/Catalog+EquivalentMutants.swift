extension Catalog {
  /// For each exercise id, the mutants of its solution that no test can tell from it (`course prove --mutants`),
  /// each with the reason a reader can check.
  ///
  /// An entry matches the mutants its operator makes of the solution's line written here (and, with
  /// `becomes`, only the one that line becomes). `course prove --mutants` fails on an entry that matches
  /// no mutant, or whose mutant its suite catches, so the list cannot go stale.
  public static let equivalentMutants: [String: [EquivalentMutant]] = [
    "2.3": [
      EquivalentMutant(
        "constant-argument",
        on: "return .failure(value as? any Error ?? AnyPromise.CastError(expected: (any Error).self, actual: value))",
        because: "A rejected AnyPromise always holds an Error, so the fallback after `??` never runs.")
    ],
    "2.6": [
      EquivalentMutant(
        "constant-argument",
        on:
          "guard let order = value as? Order else { return AnyPromise.CastError(expected: Order.self, actual: value) }",
        because:
          "The header asks for an error, any error, when the value is not an `Order`: the value the error names is not the exercise's rule."
      )
    ],
    "3.5": [
      EquivalentMutant(
        "flip-boolean", on: "default: return false",
        because:
          "Only a download that already finished reaches `default` (its completion came before its task was kept), and cancelling a finished download does nothing, in the SDK as in its fake."
      )
    ],
    "10.1": [
      EquivalentMutant(
        "flip-boolean", on: "return false",
        because:
          "Only a wait that ended before it began (the caller cancelled, or the time up, first) gets here: it is resumed at once either way, and a call started then is told to stop at once, which the header allows (it asks that the call be told to stop, not that it never start)."
      )
    ],
    "9.6": [
      EquivalentMutant(
        "remove-statement", on: "try Task.checkCancellation()  // already cancelled: it never queues, never sends",
        because:
          "With the line free, the check once the turn comes stops an already-cancelled task before it sends; with the line busy, the cancel handler runs at once and takes it out: nothing is sent either way."
      )
    ],
  ]
}
