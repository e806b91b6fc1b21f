/// Does not compile: the exercise that another one builds on.
public func base() -> Int { "forty-two" }
