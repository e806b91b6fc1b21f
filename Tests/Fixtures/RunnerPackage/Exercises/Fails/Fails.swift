/// Wrong: its test fails with a message that teaches.
public func answer() -> Int { 41 }
