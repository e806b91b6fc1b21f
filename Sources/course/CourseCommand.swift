import Foundation

/// The command tree: finds the subcommand, prints help, runs it, and maps errors to exit codes.
enum CourseCommand {
  static let abstract = "The Swift concurrency migration course: exercises, hints, checks and solutions."

  /// Every subcommand, in the order `--help` lists them.
  static let commands: [any Command.Type] = [
    OverviewCommand.self, CheckCommand.self, HintCommand.self, RevealCommand.self, ResetCommand.self,
    WatchCommand.self, PresentCommand.self, LiveCommand.self, DemoCommand.self, AnswersCommand.self,
    InterviewCommand.self, WarmCommand.self,
    VerifyCommand.self, ProveCommand.self, MapCommand.self, BankCommand.self,
  ]

  static func main(_ arguments: [String]) -> Int32 {
    let (name, rest) = split(arguments)
    if name == "--help" || name == "-h" || (name == "help" && rest.isEmpty) {
      print(help())
      return 0
    }
    let wanted = name == "help" ? rest[0] : name
    guard let command = commands.first(where: { $0.info.name == wanted }) else {
      let suggestions = Suggestions.closest(to: wanted, in: commands.map { $0.info.name })
      let hint = suggestions.isEmpty ? "" : " Did you mean \(suggestions.joined(separator: ", "))?"
      printError("there is no command \"\(wanted)\".\(hint) See `swift run course --help`.")
      return 2
    }
    if name == "help" || rest.contains("--help") || rest.contains("-h") {
      print(command.info.help)
      return 0
    }
    return run(command, rest)
  }

  /// The command's name (the overview when none is given) and its arguments.
  static func split(_ arguments: [String]) -> (String, [String]) {
    guard let first = arguments.first else { return (OverviewCommand.info.name, []) }
    if first.hasPrefix("-"), first != "--help", first != "-h" { return (OverviewCommand.info.name, arguments) }
    return (first, Array(arguments.dropFirst()))
  }

  static func run(_ command: any Command.Type, _ arguments: [String]) -> Int32 {
    let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    do {
      return try command.execute(arguments, in: directory)
    } catch {
      printError("\(error)")
      return (error as? CourseError)?.exitCode ?? 1
    }
  }

  static func printError(_ message: String) {
    FileHandle.standardError.write(Data("course: \(message)\n".utf8))
  }

  static func help() -> String {
    let names = commands.map { $0.info.name }
    let width = names.map(\.count).max() ?? 0
    let list = commands.map {
      "  " + $0.info.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.info.abstract
    }
    return
      ([abstract, "", "USAGE: swift run course [<command>] [<arguments>]", "", "COMMANDS:"] + list + [
        "", "With no command, `course` shows the overview. `swift run course help <command>` explains one.",
      ]).joined(separator: "\n")
  }
}
