import CourseKit
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
}
