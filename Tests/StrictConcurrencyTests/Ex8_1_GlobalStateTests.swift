import CourseKit
import Dispatch
import StrictConcurrency
import Testing

@Suite("8.1 Global mutable state: say who may touch it", .exercise("8.1"))
struct Ex8_1_GlobalStateTests {
  @Test("Builds in the Swift 6 language mode with no warning and no escape hatch")
  func buildsInSwift6() async {
    await Swift6Build.expectClean("8.1")
  }

  @Test("Every request counted from any thread is kept: four threads count 250 each, and the count grows by 1,000")
  func countsFromEveryThread() {
    let before = requestsSoFar()
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<250 { countRequest() }
    }
    let counted = requestsSoFar() - before
    #expect(
      counted == 1000,
      "Four threads called `countRequest()` 250 times each, and `requestsSoFar()` grew by \(counted), not 1,000: the count must be one value that every thread adds to, under a lock (a `Mutex` kept in a `let`), not a fresh or per-thread copy, and not a read and a write in two separate lock sections. [count-not-shared]"
    )
  }

  @Test("The retry limit is still 3, read from a thread that is not the main one")
  func retryLimitReadAnywhere() async throws {
    let read = try await withDeadline("reading retryLimit") { await Task.detached { retryLimit }.value }
    #expect(read == 3, "`retryLimit` read from a background thread is \(read), not 3. [wrong-value]")
  }

  @Test("A screen that sets the appearance is seen by the next screen that reads it")
  @MainActor func appearanceShared() async throws {
    let original = appearance
    appearance = "dark"
    let seen = try await withDeadline("reading appearance") { await Task { @MainActor in appearance }.value }
    appearance = original
    #expect(
      seen == "dark",
      "One screen set `appearance` to \"dark\", and the next read it as \"\(seen)\": every screen shares the one value. [wrong-value]"
    )
  }
}
