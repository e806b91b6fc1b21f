#if os(Linux)
  import Foundation
  import Glibc

  /// Linux's answers: `/proc` for processes, glibc's spawn types, and its `TIOCGWINSZ`.
  extension Platform {
    typealias SpawnFileActions = posix_spawn_file_actions_t
    typealias SpawnAttributes = posix_spawnattr_t

    /// glibc's spawn types are structs, made empty here and set up by their `init` functions.
    static func blankFileActions() -> SpawnFileActions { posix_spawn_file_actions_t() }
    static func blankSpawnAttributes() -> SpawnAttributes { posix_spawnattr_t() }

    /// `POSIX_SPAWN_SETSID`, which glibc declares only for `_GNU_SOURCE`, hidden from Swift's Glibc module.
    static let newSessionFlag: Int16 = 0x80

    static let terminalSizeRequest = UInt(TIOCGWINSZ)

    static let processClock = CLOCK_PROCESS_CPUTIME_ID
    static let threadClock = CLOCK_THREAD_CPUTIME_ID

    /// The default scope (`nil` is glibc's `RTLD_DEFAULT`): every image loaded, as Darwin's
    /// `RTLD_DEFAULT` searches, so both platforms look a symbol up the same way.
    static func symbolScope() -> UnsafeMutableRawPointer? { nil }

    /// The path of the image whose mapping holds `address`, from `/proc/self/maps` (glibc declares
    /// `dladdr` only for `_GNU_SOURCE`, hidden from Swift's Glibc module).
    ///
    /// Read to its end through a file handle: `String(contentsOfFile:)` stops after the first 4 KB of
    /// a `/proc` file (whose size reads as 0), and a test process with many threads maps far more,
    /// the libraries last, at the top of the address space.
    static func loadedImagePath(containing address: UInt) -> String? {
      guard let file = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
      defer { try? file.close() }
      let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
      for line in maps.split(separator: "\n") {
        // "start-end perms offset device inode path", the path from the sixth field on.
        let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        guard fields.count == 6 else { continue }
        let path = fields[5].trimmingCharacters(in: .whitespaces)
        let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
        if path.hasPrefix("/"), bounds.count == 2, bounds[0] <= address, address < bounds[1] { return path }
      }
      return nil
    }

    /// glibc imports `RUSAGE_SELF` as an enum case and reports `ru_maxrss` in kilobytes.
    static func peakResidentBytes() -> Double {
      var usage = rusage()
      getrusage(RUSAGE_SELF.rawValue, &usage)
      return bytes(maxResidentSetSize: usage.ru_maxrss, inKilobytes: true)
    }

    /// Every process id `/proc` shows.
    static func allProcesses() -> [pid_t]? {
      guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
      return entries.compactMap { pid_t($0) }
    }

    /// User plus system time from `/proc/<pid>/stat`, in clock ticks.
    static func processCPUSeconds(_ pid: pid_t) -> Double? {
      let path = "/proc/\(pid)/stat"
      guard let stat = try? String(contentsOfFile: path, encoding: .utf8), let end = stat.lastIndex(of: ")") else {
        return nil
      }
      // After the command name (in parentheses, and it may hold spaces): the state, then ten
      // fields, then utime and stime.
      let fields = stat[stat.index(after: end)...].split(separator: " ")
      guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
      return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
  }
#endif
