import Dispatch
import Foundation

/// A guarantee that fulfills after `seconds` have passed.
///
/// The building block for timeouts (with `race`) and for retry with backoff.
public func after(seconds: TimeInterval) -> Guarantee<Void> {
  after(.nanoseconds(Int(max(0, seconds) * 1_000_000_000)))
}

/// A guarantee that fulfills after `interval` has passed.
public func after(_ interval: DispatchTimeInterval) -> Guarantee<Void> {
  let (rg, _) = Guarantee<Void>.pending()
  DispatchQueue.global().asyncAfter(deadline: .now() + interval) {
    rg.settle(.fulfilled(()))
  }
  return rg
}
