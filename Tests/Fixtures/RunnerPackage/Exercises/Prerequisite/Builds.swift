/// Right, but it builds on `base()`, which does not compile.
public func builds() -> Int { base() }
