import CourseKit
import Dispatch
import LegacyKit
import Locking
import StrictConcurrency
import Testing

@Suite("8.2 A value sent across isolation", .exercise("8.2"))
struct Ex8_2_SendingValuesTests {
  @Test("Builds in the Swift 6 language mode with no warning and no escape hatch")
  func buildsInSwift6() async {
    await Swift6Build.expectClean("8.2")
  }

  @Test(
    "A draft prints as it was when printed, off the main actor, and the screen goes on editing its own (in a child process)"
  )
  func draftPrintsAsItWas() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run { try await Ex8_2_SendingValuesTests.printADraft() }
      }
    }
    Child.expectFinished(child, "Printing a draft", exercise: "8.2")
  }

  /// In the child: the screen writes two lines, prints a draft, and writes a third.
  @MainActor static func printADraft() async throws {
    let onMain = Locked<[Bool]>([])
    let printer = Printer(output: { _ in onMain.withLock { $0.append(MainQueue.isCurrent) } })
    let screen = ReportScreen(printer: printer)
    screen.add("Revenue up")
    screen.add("Costs down")
    await screen.printDraft()
    screen.add("Outlook good")
    let printed = await printer.printed
    guard onMain.withLock({ $0 }) == [false] else {
      throw ResumeProbe.ProbeFailure(
        "The printer printed on the main actor: `Printer` must stay an actor of its own, so printing never holds up the screen. [printing-on-main-actor]"
      )
    }
    guard printed == [["Revenue up", "Costs down"]] else {
      throw ResumeProbe.ProbeFailure(
        "The screen printed a draft of two lines and then added a third; the printer printed \(printed), not [[\"Revenue up\", \"Costs down\"]]: send the report as it is when `printDraft()` is called. [draft-not-as-called]"
      )
    }
    guard screen.report.lines == ["Revenue up", "Costs down", "Outlook good"] else {
      throw ResumeProbe.ProbeFailure(
        "After printing a draft and adding a line, the screen's own report is \(screen.report.lines), not all three lines: the screen keeps editing the report it had. [draft-not-as-called]"
      )
    }
  }

  @Test("A summary prints one line, and the screen keeps what it printed (in a child process)")
  func summaryKept() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run { try await Ex8_2_SendingValuesTests.printASummary() }
      }
    }
    Child.expectFinished(child, "Printing a summary", exercise: "8.2")
  }

  /// In the child: the screen writes two lines and prints a summary.
  @MainActor static func printASummary() async throws {
    let printer = Printer()
    let screen = ReportScreen(printer: printer)
    screen.add("One")
    screen.add("Two")
    await screen.printSummary()
    let printed = await printer.printed
    guard printed == [["Summary: 2 lines"]] else {
      throw ResumeProbe.ProbeFailure(
        "`printSummary()` on a report of two lines printed \(printed), not [[\"Summary: 2 lines\"]]. [draft-not-as-called]"
      )
    }
    guard screen.summaries.map(\.lines) == [["Summary: 2 lines"]] else {
      throw ResumeProbe.ProbeFailure(
        "After `printSummary()`, the screen's `summaries` are \(screen.summaries.map(\.lines)), not [[\"Summary: 2 lines\"]]: keep what was printed. [summary-not-kept]"
      )
    }
  }

  @Test("A line added while the summary prints leaves the kept summary the one printed (in a child process)")
  func summaryKeptAsPrinted() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run { try await Ex8_2_SendingValuesTests.addWhileTheSummaryPrints() }
      }
    }
    Child.expectFinished(child, "Adding a line while a summary prints", exercise: "8.2")
  }

  /// In the child: the screen writes two lines and prints a summary; while the printer prints it, a
  /// third line is added on the main actor (queued there before `print` returns, so before the
  /// screen goes on after its `await`).
  @MainActor static func addWhileTheSummaryPrints() async throws {
    let screen = Locked<ReportScreen?>(nil)
    let printer = Printer(output: { lines in
      guard lines.first?.hasPrefix("Summary") == true, let screen = screen.withLock({ $0 }) else { return }
      DispatchQueue.main.async { MainActor.assumeIsolated { screen.add("Three") } }
    })
    let shown = ReportScreen(printer: printer)
    screen.withLock { $0 = shown }
    shown.add("One")
    shown.add("Two")
    await shown.printSummary()
    let printed = await printer.printed
    let kept = shown.summaries.map(\.lines)
    // Printed wrong, or no line added meanwhile: the test above says so.
    guard printed == [["Summary: 2 lines"]], shown.report.lines.count == 3 else { return }
    guard kept == printed else {
      throw ResumeProbe.ProbeFailure(
        "A third line was added while the printer printed \(printed), and the screen kept \(kept): `printSummary()` keeps what it printed, the summary it made before the `await`, not one made again after it. [summary-not-kept]"
      )
    }
  }
}
