import Dispatch
import Foundation

/// Twice `value`, unless the file that `COURSE_MUTANT_FILE` names picks a mutant of exercise 9.9.
public func double(_ value: Int) -> Int {
  let named = ProcessInfo.processInfo.environment["COURSE_MUTANT_FILE"].flatMap {
    try? String(contentsOfFile: $0, encoding: .utf8)
  }
  switch named {
  case "9.9=off-by-one": return 2 * value + 1
  case "9.9=negatives": return value < 0 ? -value * 2 : value * 2
  case "9.9=traps": fatalError("a mutant that traps")
  case "9.9=hangs":
    DispatchSemaphore(value: 0).wait()
    return 0
  default: return 2 * value
  }
}
