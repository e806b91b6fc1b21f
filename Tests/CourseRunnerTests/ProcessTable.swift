import Foundation
import Testing

/// Every process on the machine with its command line, as `ps` shows it on Linux and on a Mac.
///
/// The runner's tests look for processes a check left behind. `ps -A -o pid= -o args=` reads the
/// same on procps and on BSD; where it cannot run, the test that asked fails, rather than finding
/// nothing and passing. It is read through `popen`, POSIX on both, which waits for `ps` alone (a
/// `Process` may reap any child, and these tests watch children of their own).
enum ProcessTable {
  /// `(pid, command line)` for every process; records an issue, and returns nothing, if `ps` fails.
  static func all(sourceLocation: SourceLocation = #_sourceLocation) -> [(pid: Int32, command: String)] {
    guard let ps = popen("/bin/ps -A -o pid= -o args=", "r") else {
      Issue.record("Could not run /bin/ps to list the processes", sourceLocation: sourceLocation)
      return []
    }
    var text = ""
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, Int32(buffer.count), ps) != nil {
      // The line up to its terminating NUL, as UTF-8 (`String(cString:)` on an array is deprecated).
      text += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    let status = pclose(ps)
    let rows = text.split(separator: "\n").compactMap { line -> (pid: Int32, command: String)? in
      let fields = line.drop { $0 == " " }.split(separator: " ", maxSplits: 1)
      guard fields.count == 2, let pid = Int32(fields[0]) else { return nil }
      return (pid, String(fields[1]))
    }
    if status != 0 || rows.isEmpty {
      Issue.record("/bin/ps listed no processes (status \(status))", sourceLocation: sourceLocation)
    }
    return rows
  }
}
