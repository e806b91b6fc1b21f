import Dispatch

/// Right, and CPU-hungry: hundreds of hops between the cooperative pool and Dispatch, each with
/// some work, which a starved machine stretches to several seconds.
public func answer() async -> Int {
  var total = 0
  for round in 0..<400 {
    total &+= await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        var sum = 0
        for value in 0..<20_000 { sum &+= value ^ round }
        continuation.resume(returning: sum & 1)
      }
    }
  }
  return total >= 0 ? 42 : 0
}
