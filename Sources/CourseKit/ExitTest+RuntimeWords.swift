import Testing

extension ExitTest.Result {
  /// The first line of the child's standard error that contains `phrase`, trimmed: the runtime's own words
  /// about a trap (`Could not cast value of type ...`, `Unexpectedly found nil ...`), for a failure message.
  ///
  /// ```swift
  /// if let words = child?.runtimeWords(containing: "Could not cast value") {
  ///   Issue.record("A forced cast traps: return AnyPromise.CastError instead. The runtime said: \(words)")
  /// }
  /// ```
  public func runtimeWords(containing phrase: String) -> String? {
    String(decoding: standardErrorContent, as: UTF8.self).split(separator: "\n")
      .first { $0.contains(phrase) }.map { $0.trimmingCharacters(in: .whitespaces) }
  }
}
