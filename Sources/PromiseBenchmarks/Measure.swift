import Dispatch

// The C library is one module per platform; `getrusage` below is POSIX on both.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    var usage = rusage()
    // The one difference between the platforms: Darwin imports RUSAGE_SELF as a plain Int32 and reports
    // ru_maxrss in bytes; Glibc imports RUSAGE_SELF as an enum and reports ru_maxrss in kilobytes.
    #if canImport(Darwin)
      getrusage(RUSAGE_SELF, &usage)
      return Double(usage.ru_maxrss) / 1_048_576
    #else
      getrusage(RUSAGE_SELF.rawValue, &usage)
      return Double(usage.ru_maxrss) / 1024
    #endif
  }
}
