import Foundation
import Platform
import Testing

/// Every process on the machine with its command line, as `ps` shows it on Linux and on a Mac.
///
/// The runner's tests look for processes a check left behind. `ps -A -o pid= -o args=` reads the
/// same on procps and on BSD; where it cannot run, the test that asked fails, rather than finding
/// nothing and passing. It runs through the platform layer, which waits for `ps` alone (a
/// `Process` may reap any child, and these tests watch children of their own; `popen`, which
/// would too, is unavailable in Swift on a Mac).
enum ProcessTable {
  /// `(pid, command line)` for every process; records an issue, and returns nothing, if `ps` fails.
  static func all(sourceLocation: SourceLocation = #_sourceLocation) -> [(pid: Int32, command: String)] {
    let listing = FileManager.default.temporaryDirectory.appendingPathComponent("ps-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: listing) }
    let started = Platform.spawnInNewSession(
      "/bin/ps", arguments: ["ps", "-A", "-o", "pid=", "-o", "args="], environment: [], outputPath: listing.path)
    guard case .success(let ps) = started else {
      Issue.record("Could not run /bin/ps to list the processes: \(started)", sourceLocation: sourceLocation)
      return []
    }
    let ended = Platform.exit(of: ps, waiting: true)
    let text = (try? String(contentsOf: listing, encoding: .utf8)) ?? ""
    let rows = text.split(separator: "\n").compactMap { line -> (pid: Int32, command: String)? in
      let fields = line.drop { $0 == " " }.split(separator: " ", maxSplits: 1)
      guard fields.count == 2, let pid = Int32(fields[0]) else { return nil }
      return (pid, String(fields[1]))
    }
    if ended != .exited(code: 0) || rows.isEmpty {
      Issue.record(
        "/bin/ps listed no processes (it ended \(String(describing: ended)))", sourceLocation: sourceLocation)
    }
    return rows
  }
}
