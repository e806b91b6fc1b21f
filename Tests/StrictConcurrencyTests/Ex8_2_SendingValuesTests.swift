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

  @Test("A draft prints as it was when printed, off the main actor, and the screen goes on editing its own")
  @MainActor func draftPrintsAsItWas() async throws {
    let onMain = Locked<[Bool]>([])
    let printer = Printer(output: { _ in onMain.withLock { $0.append(MainQueue.isCurrent) } })
    let screen = ReportScreen(printer: printer)
    screen.add("Revenue up")
    screen.add("Costs down")
    try await withDeadline("printDraft()") { await screen.printDraft() }
    screen.add("Outlook good")
    let printed = try await withDeadline("reading what was printed") { await printer.printed }
    #expect(
      printed == [["Revenue up", "Costs down"]],
      "The screen printed a draft of two lines and then added a third; the printer printed \(printed), not [[\"Revenue up\", \"Costs down\"]]: send the report as it is when `printDraft()` is called. [draft-not-as-called]"
    )
    #expect(
      screen.report.lines == ["Revenue up", "Costs down", "Outlook good"],
      "After printing a draft, the screen's own report is \(screen.report.lines): the screen keeps editing the report it had. [draft-not-as-called]"
    )
    #expect(
      onMain.withLock { $0 } == [false],
      "The printer printed on the main actor: `Printer` must stay an actor of its own, so printing never holds up the screen. [printing-on-main-actor]"
    )
  }

  @Test("A summary prints one line, and the screen keeps what it printed")
  @MainActor func summaryKept() async throws {
    let printer = Printer()
    let screen = ReportScreen(printer: printer)
    screen.add("One")
    screen.add("Two")
    try await withDeadline("printSummary()") { await screen.printSummary() }
    let printed = try await withDeadline("reading what was printed") { await printer.printed }
    #expect(
      printed == [["Summary: 2 lines"]],
      "`printSummary()` on a report of two lines printed \(printed), not [[\"Summary: 2 lines\"]]. [draft-not-as-called]"
    )
    #expect(
      screen.summaries.map(\.lines) == [["Summary: 2 lines"]],
      "After `printSummary()`, the screen's `summaries` are \(screen.summaries.map(\.lines)), not [[\"Summary: 2 lines\"]]: keep what was printed. [summary-not-kept]"
    )
  }
}
