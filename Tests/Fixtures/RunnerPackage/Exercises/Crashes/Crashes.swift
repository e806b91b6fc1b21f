/// Resumes its continuation twice: the runtime traps.
public func answer() async -> Int {
  await withCheckedContinuation { continuation in
    continuation.resume(returning: 42)
    continuation.resume(returning: 43)
  }
}
