import Foundation
import Platform

/// Colour and emphasis for the terminal: only on a terminal, and never when `NO_COLOR` is set.
struct Style {
  let isEnabled: Bool

  /// The style for standard output, decided from the environment.
  static func forStandardOutput(environment: [String: String] = ProcessInfo.processInfo.environment) -> Style {
    let terminal = Platform.isTerminal(STDOUT_FILENO)
    return Style(isEnabled: terminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb")
  }

  /// Whether standard input is a terminal someone can answer questions on.
  static var isInteractive: Bool { Platform.isTerminal(STDIN_FILENO) && Platform.isTerminal(STDOUT_FILENO) }

  func bold(_ text: String) -> String { wrap(text, "1") }
  func dim(_ text: String) -> String { wrap(text, "2") }
  func green(_ text: String) -> String { wrap(text, "32") }
  func red(_ text: String) -> String { wrap(text, "31") }
  func yellow(_ text: String) -> String { wrap(text, "33") }
  func cyan(_ text: String) -> String { wrap(text, "36") }

  private func wrap(_ text: String, _ code: String) -> String {
    isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
