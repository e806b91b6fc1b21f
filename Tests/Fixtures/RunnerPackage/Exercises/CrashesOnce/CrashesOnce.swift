/// Right.
public func answer() -> Int { 42 }

/// Wrong: its test fails with a message that teaches.
public func count() -> Int { 41 }

/// Traps on anything but an `Int`: a forced cast, as a learner might write it.
public func parse(_ value: Any) -> Int { value as! Int }
