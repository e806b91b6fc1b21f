/// Broken: a learner's half-edited line.
public func answer() -> Int {
  return 42 +
}
