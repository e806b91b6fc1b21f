// Exercise 8.2 · A value sent across isolation · solution

/// A report: its lines, in order. A struct of `Sendable` values is `Sendable` itself: whoever
/// receives one gets a copy, so the screen and the printer can never share it.
public struct Report: Sendable {
  /// The lines, in order.
  public var lines: [String]

  /// A report of `lines`.
  public init(lines: [String] = []) {
    self.lines = lines
  }
}

/// Prints reports, one at a time, off the main actor.
public actor Printer {
  /// The lines of every report printed, in order.
  public private(set) var printed: [[String]] = []
  private let output: @Sendable ([String]) -> Void

  /// A printer that sends each report's lines to `output`.
  public init(output: @escaping @Sendable ([String]) -> Void = { _ in }) {
    self.output = output
  }

  /// Prints `report`.
  public func print(_ report: Report) {
    printed.append(report.lines)
    output(report.lines)
  }
}

/// The screen where a report is written.
@MainActor public final class ReportScreen {
  /// The report on screen, still being edited.
  public private(set) var report = Report()
  /// The summaries printed from this screen, in order.
  public private(set) var summaries: [Report] = []
  private let printer: Printer

  /// A screen that prints with `printer`.
  public init(printer: Printer) {
    self.printer = printer
  }

  /// Adds a line to the report on screen.
  public func add(_ line: String) {
    report.lines.append(line)
  }

  /// Prints the report as it is now: the printer gets a copy, and the screen keeps editing its own.
  public func printDraft() async {
    await printer.print(report)
  }

  /// Prints a one-line summary of the report, and keeps it.
  public func printSummary() async {
    let summary = Report(lines: ["Summary: \(report.lines.count) lines"])
    await printer.print(summary)
    summaries.append(summary)
  }
}
