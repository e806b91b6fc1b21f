import Foundation

/// The first data race in a thread sanitizer's report, in the words a learner needs: the two lines
/// of the exercise's file that touched the same state from two threads, and what each line says.
///
/// The sanitizer's report is pages of stack frames. What a learner acts on is the first frame of
/// each of the two accesses that lies in an exercise's file (`Ex3_4_DoubleCallbackAdapter.swift:27`),
/// and the code on those lines, which names their variable (`didResume = true`). The test kit reads
/// it from an exit test's child and the `course` runner from a test process, so it lives here,
/// once, as ``RuntimeCrash`` does.
///
/// ```swift
/// DataRaceReport(in: childOutput)?.summary
/// // "`if didResume { return }` (Ex3_4_DoubleCallbackAdapter.swift:25) read and
/// // `didResume = true` (Ex3_4_DoubleCallbackAdapter.swift:27) wrote the same state from two
/// // threads at once, with no lock between them"
/// ```
public struct DataRaceReport: Sendable, Equatable {
  /// One of the two accesses: `"write"` or `"read"`, and where in an exercise's file it was made.
  public struct Access: Sendable, Equatable {
    /// `"write"` or `"read"`, as the report says.
    public var kind: String
    /// The first frame of the access in an exercise's file: its path as the report gives it, and its line.
    public var path: String?
    public var line: Int?

    /// `Ex3_4_DoubleCallbackAdapter.swift:27`, when the access was made in an exercise's file.
    public var place: String? {
      guard let path, let line else { return nil }
      return "\(path.split(separator: "/").last.map(String.init) ?? path):\(line)"
    }
  }

  /// The report's headline, `WARNING: ThreadSanitizer: data race`, without its pid.
  public var warning: String
  /// The access that found the race.
  public var current: Access
  /// The access before it, on another thread.
  public var previous: Access

  /// The first data race reported in `output`, or `nil` when it has none.
  public init?(in output: String) {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    // A plain data race, or a Swift access race: two accesses of one variable, one of them modifying
    // (an inout access, such as a dictionary's subscript set, or `+=` on a class's property).
    guard
      let start = lines.firstIndex(where: {
        $0.contains("ThreadSanitizer: data race") || $0.contains("ThreadSanitizer: Swift access race")
      })
    else { return nil }
    warning = lines[start].replacingOccurrences(of: #" \(pid=\d+\)"#, with: "", options: .regularExpression)
    let body = Array(lines[(start + 1)...].prefix { !$0.hasPrefix("SUMMARY:") && !$0.hasPrefix("==========") })
    // "Write of size 1 at 0x… by thread T2:", then its frames; "Previous read of size 1 …", then its
    // frames. A Swift access race says "Modifying access of Swift variable at 0x… by thread T2:" and
    // "Previous read-only access of Swift variable …" instead.
    let heads = body.indices.filter { index in
      body[index].hasSuffix(":")
        && (body[index].contains(" of size ") || body[index].contains(" access of Swift variable "))
        && !body[index].hasPrefix("Location is ")
    }
    func access(at index: Int?) -> Access {
      guard let index else { return Access(kind: "access") }
      let words = body[index].lowercased().split(separator: " ")
      let kind =
        words.first { $0 == "write" || $0 == "read" || $0 == "modifying" || $0 == "read-only" }.map {
          $0 == "modifying" ? "write" : $0 == "read-only" ? "read" : String($0)
        } ?? "access"
      let frames = body[(index + 1)...].prefix { $0.hasPrefix("#") }
      guard let (path, line) = frames.lazy.compactMap(Self.exerciseLocation).first else { return Access(kind: kind) }
      return Access(kind: kind, path: path, line: line)
    }
    current = access(at: heads.first)
    previous = access(at: heads.dropFirst().first)
  }

  /// The race in a sentence: the two lines, with their code when `source` can read their file, and
  /// the two threads. `source` returns a file's text for the path a frame gives.
  public func summary(source: (String) -> String? = { try? String(contentsOfFile: $0, encoding: .utf8) }) -> String {
    guard let first = previous.place, let second = current.place else {
      return "two threads touched the same state with no lock between them (\(warning))"
    }
    func line(_ access: Access, _ place: String) -> String {
      let code = access.path.flatMap(source).flatMap { text -> String? in
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let number = access.line, number >= 1, number <= lines.count else { return nil }
        let code = lines[number - 1].trimmingCharacters(in: .whitespaces)
        return code.isEmpty ? nil : code
      }
      let verb = Self.verb(access.kind)
      return code.map { "`\($0)` (\(place)) \(verb)" } ?? "line \(place) \(verb)"
    }
    return
      "\(line(previous, first)) and \(line(current, second)) the same state from two threads at once, with no lock between them"
  }

  /// A reader of the files a report names, for ``summary(source:)``: a path the report gives whole is
  /// read where it is; a bare file name is looked for in each of `folders`, the exercise's own.
  ///
  /// The sanitizer on Linux names a frame's file by its full path. On a Mac it symbolizes through
  /// `atos`, which names the file alone (`Ex3_4_DoubleCallbackAdapter.swift:27`), so the learner's
  /// code is found by that name among the exercise's files; a file found nowhere is not quoted.
  public static func reader(searching folders: [String]) -> (String) -> String? {
    { path in
      if let text = try? String(contentsOfFile: path, encoding: .utf8) { return text }
      guard !path.contains("/") else { return nil }
      return folders.lazy.compactMap { try? String(contentsOfFile: "\($0)/\(path)", encoding: .utf8) }.first
    }
  }

  private static func verb(_ kind: String) -> String {
    switch kind {
    case "write": "wrote"
    case "read": "read"
    default: "touched"
    }
  }

  /// The path and line of `frame` when it lies in an exercise's file (`…/Ex3_4_….swift:27:19`),
  /// whatever folder holds it: the learner's, a solution's, or a scratch copy's.
  static func exerciseLocation(_ frame: String) -> (path: String, line: Int)? {
    guard let match = frame.range(of: #"[^ (]*Ex\d+_\d+_\w+\.swift:\d+"#, options: .regularExpression) else {
      return nil
    }
    let location = frame[match]
    guard let colon = location.lastIndex(of: ":"), let line = Int(location[location.index(after: colon)...]) else {
      return nil
    }
    return (String(location[..<colon]), line)
  }
}
