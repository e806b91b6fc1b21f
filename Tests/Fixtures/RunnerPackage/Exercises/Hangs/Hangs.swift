import Foundation

/// Never returns: it blocks its thread for an hour.
public func answer() -> Int {
  Thread.sleep(forTimeInterval: 3600)
  return 42
}
