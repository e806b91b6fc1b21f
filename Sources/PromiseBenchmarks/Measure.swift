import Dispatch

import Platform

/// Timing and memory readings for the benchmark.
enum Measure {
  /// The median wall-clock time of `runs` runs of `body`, in seconds, after one warm-up run that is not counted.
  static func median(runs: Int, _ body: () -> Void) -> Double {
    body()  // warm up caches, the allocator and Dispatch's thread pool
    var times: [Double] = []
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      body()
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    times.sort()
    return times[times.count / 2]
  }

  /// The process's peak resident memory so far, in megabytes.
  static var peakMegabytes: Double {
    Platform.peakResidentMegabytes()
  }
}
