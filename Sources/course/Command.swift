import Foundation

/// What a command says about itself; `--help` and the command list are generated from it.
struct CommandInfo {
  var name: String
  var abstract: String
  var usage: String
  var discussion: String = ""
  var options: [(String, String)] = []

  var help: String {
    var lines = ["\(abstract)", "", "USAGE: swift run course \(usage)"]
    if !discussion.isEmpty { lines += ["", discussion] }
    if !options.isEmpty {
      lines += ["", "OPTIONS:"]
      let width = options.map(\.0.count).max() ?? 0
      lines += options.map { "  " + $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }
    }
    return lines.joined(separator: "\n")
  }
}

/// A `course` subcommand: parsed from its arguments, then run; validation is separate from running.
protocol Command: Sendable {
  static var info: CommandInfo { get }
  /// Parses the arguments; throws ``CourseError/usage(_:)`` for anything it does not understand.
  init(_ arguments: inout Arguments) throws
  /// Runs the command and returns the process's exit status.
  func run(_ course: Course) throws -> Int32
}

extension Command {
  /// Parses `arguments`, finds the course around `directory`, and runs.
  static func execute(_ arguments: [String], in directory: URL) throws -> Int32 {
    var parsed = Arguments(arguments, command: info.name)
    let command = try Self(&parsed)
    return try command.run(Course(workspace: try Workspace.find(from: directory)))
  }
}

/// The arguments of one command, consumed as the command reads them.
struct Arguments {
  private(set) var items: [String]
  let command: String

  init(_ items: [String], command: String) {
    self.items = items
    self.command = command
  }

  /// Removes `--name` and returns whether it was there.
  mutating func flag(_ name: String) -> Bool {
    guard let index = items.firstIndex(of: name) else { return false }
    items.remove(at: index)
    return true
  }

  /// Removes `--name value` (or `--name=value`) and returns the value.
  mutating func option(_ name: String) throws -> String? {
    if let index = items.firstIndex(where: { $0.hasPrefix(name + "=") }) {
      return String(items.remove(at: index).dropFirst(name.count + 1))
    }
    guard let index = items.firstIndex(of: name) else { return nil }
    guard index + 1 < items.count else {
      throw CourseError.usage("\(name) needs a value. See `swift run course \(command) --help`.")
    }
    let value = items[index + 1]
    items.removeSubrange(index...(index + 1))
    return value
  }

  /// Removes and returns the next argument that is not an option, or fails with an example of one.
  mutating func required(_ what: String, example: String) throws -> String {
    guard let value = positional() else {
      throw CourseError.usage("Which \(what)? For example `swift run course \(example)`.")
    }
    return value
  }

  /// Removes `--name value` and returns the value as a number, refusing a value that is not one
  /// (or is not positive), instead of quietly using the default.
  mutating func number<Value: LosslessStringConvertible & Comparable & Numeric>(
    _ name: String, _ meaning: String, zeroAllowed: Bool = false
  ) throws -> Value? {
    guard let text = try option(name) else { return nil }
    guard let value = Value(text), value > 0 || (zeroAllowed && value == 0) else {
      throw CourseError.usage(
        "\(name) takes \(meaning); \"\(text)\" is not one. See `swift run course \(command) --help`.")
    }
    return value
  }

  /// Removes and returns the next argument that is not an option.
  mutating func positional() -> String? {
    guard let index = items.firstIndex(where: { !$0.hasPrefix("-") }) else { return nil }
    return items.remove(at: index)
  }

  /// Fails on anything left over, suggesting the closest known option.
  func finish(known: [String]) throws {
    guard let extra = items.first else { return }
    let suggestions = Suggestions.closest(to: extra, in: known)
    let hint = suggestions.isEmpty ? "" : " Did you mean \(suggestions.joined(separator: ", "))?"
    throw CourseError.usage(
      "`\(command)` does not understand \"\(extra)\".\(hint) See `swift run course \(command) --help`.")
  }
}
