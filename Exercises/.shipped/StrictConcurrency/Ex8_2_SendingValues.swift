// Exercise 8.2 · A value sent across isolation
// Grade 2 (practice) · Lesson: Docs/08-the-swift-6-language-mode.md#a-value-sent-across-isolation
// Check it: swift run course check 8.2   (or: swift test --filter StrictConcurrencyTests.Ex8_2_SendingValuesTests)
//
// A screen on the main actor edits a report and hands it to a printer, an actor of its own. This
// file builds in the Swift 5 mode; make it build in the Swift 6 language mode with no warning: [sent-then-used]
//   - `printDraft()` prints the report as it is when called; the screen goes on editing its own;
//     [sent-then-used] [draft-not-as-called]
//   - `printSummary()` prints one line, "Summary: N lines", and keeps what it printed in `summaries`;
//     [draft-not-as-called] [summary-not-kept] [sent-then-used]
//   - printing stays off the main actor: `Printer` stays an actor, and its `output` runs there.
//     [printing-on-main-actor]
// No escape hatch (`nonisolated(unsafe)`, `@unchecked Sendable`). [nonisolated-unsafe] [unchecked-sendable]
// Keep the names and signatures; `Report` may become another kind of type if it keeps `init(lines:)`
// and `lines`.

/// A report: its lines, in order. A class, so the screen and the printer could share one.
public final class Report {
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

  /// Prints the report as it is now.
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
