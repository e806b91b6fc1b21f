import Foundation
import Platform

/// The width of the terminal standard output is shown on, in columns.
///
/// Asked of the terminal itself first, so that a window resized before the command runs is
/// measured as it is; then of `COLUMNS`, which shells export and scripts can set; `nil` when
/// output goes to a file or a pipe and nobody said.
enum TerminalWidth {
  /// The terminal's columns, `COLUMNS`, or `nil`.
  static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int? {
    if Platform.isTerminal(STDOUT_FILENO), let columns = askTerminal(), columns > 0 { return columns }
    if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
    return nil
  }

  private static func askTerminal() -> Int? {
    Platform.terminalColumns(of: STDOUT_FILENO)
  }
}
