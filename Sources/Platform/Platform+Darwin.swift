#if canImport(Darwin)
  import CLibproc
  import Darwin

  /// Darwin's answers: libproc for processes, Darwin's spawn types, and its `TIOCGWINSZ`.
  ///
  /// Every call here is declared in Apple's published headers (`spawn.h`, `libproc.h`,
  /// `sys/resource.h`, `mach/mach_time.h`, `sys/ttycom.h`, `dlfcn.h`); `.ci/check-darwin`
  /// type-checks this file on Linux against a shim that declares them as those headers do.
  /// `libproc.h` comes through the package's own module `CLibproc`, which includes it by name, so
  /// the build does not depend on which headers the SDK's `Darwin` module happens to export.
  extension Platform {
    // Darwin's spawn types are `void *` typedefs, which Swift imports as optional raw pointers: they
    // start as `nil`, and their `init` functions allocate them.
    typealias SpawnFileActions = posix_spawn_file_actions_t?
    typealias SpawnAttributes = posix_spawnattr_t?

    static func blankFileActions() -> SpawnFileActions { nil }
    static func blankSpawnAttributes() -> SpawnAttributes { nil }

    static let newSessionFlag = Int16(POSIX_SPAWN_SETSID)

    /// The Swift overlay's `TIOCGWINSZ` (the C macro is `_IOR('t', 104, struct winsize)`).
    static let terminalSizeRequest: UInt = TIOCGWINSZ

    // `clockid_t` is an anonymous enum in `time.h`: Swift imports its enumerators, not the `CLOCK_`
    // macros that alias them.
    static let processClock = _CLOCK_PROCESS_CPUTIME_ID
    static let threadClock = _CLOCK_THREAD_CPUTIME_ID

    /// `RTLD_DEFAULT`, `((void *) -2)` in `dlfcn.h`: every image loaded, in load order.
    static func symbolScope() -> UnsafeMutableRawPointer? {
      UnsafeMutableRawPointer(bitPattern: -2)
    }

    /// `dladdr` (`dlfcn.h`): the path of the image that holds `address`.
    static func loadedImagePath(containing address: UInt) -> String? {
      var info = Dl_info()
      guard let pointer = UnsafeRawPointer(bitPattern: address), dladdr(pointer, &info) != 0,
        let name = info.dli_fname
      else { return nil }
      return String(cString: name)
    }

    /// Darwin imports `RUSAGE_SELF` as a plain `Int32` and reports `ru_maxrss` in bytes.
    static func peakResidentBytes() -> Double {
      var usage = rusage()
      getrusage(RUSAGE_SELF, &usage)
      return bytes(maxResidentSetSize: usage.ru_maxrss, inKilobytes: false)
    }

    /// Every process id libproc lists, asked for with room to spare, as the count may grow meanwhile.
    static func allProcesses() -> [pid_t]? {
      let needed = proc_listallpids(nil, 0)
      guard needed > 0 else { return nil }
      var pids = [pid_t](repeating: 0, count: Int(needed) + 64)
      let count = pids.withUnsafeMutableBytes { buffer in
        proc_listallpids(buffer.baseAddress, Int32(buffer.count))
      }
      guard count > 0 else { return nil }
      return Array(pids.prefix(Int(count)))
    }

    /// User plus system time from `proc_pid_rusage`, which counts in Mach absolute time units.
    static func processCPUSeconds(_ pid: pid_t) -> Double? {
      var usage = rusage_info_v0()
      let status = withUnsafeMutablePointer(to: &usage) { pointer in
        pointer.withMemoryRebound(to: rusage_info_t?.self, capacity: 1) { proc_pid_rusage(pid, RUSAGE_INFO_V0, $0) }
      }
      guard status == 0 else { return nil }
      return seconds(ticks: usage.ri_user_time + usage.ri_system_time, timebase: machTimebase)
    }

    /// Nanoseconds per Mach absolute time unit, as `mach_timebase_info` gives them (1/1 if it fails).
    private static let machTimebase: (numerator: UInt32, denominator: UInt32) = {
      var timebase = mach_timebase_info_data_t()
      guard mach_timebase_info(&timebase) == KERN_SUCCESS else { return (1, 1) }
      return (timebase.numer, timebase.denom)
    }()
  }
#endif
