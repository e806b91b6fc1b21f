import ActorsAndTasks
import CourseKit
import Dispatch
import Locking
import Testing

// The model is `@MainActor`, and so are these tests. The fake search given to the model runs on the
// main actor (`HeldCalls.onMainActor`): the code the model runs after a search answers runs in the
// same main-actor job as the answer, so once the call is no longer in flight, this test, on the main
// actor too, sees all that code did.
@MainActor
@Suite("9.5 Who owns a task: search as you type", .exercise("9.5"))
struct Ex9_5_SearchModelTests {
  static func model(_ search: HeldCalls<String, [String]>) -> SearchModel {
    SearchModel(search: search.onMainActor)
  }

  /// Waits until the searches at `indexes` have returned or thrown, and the model has taken in what they did.
  static func settle(_ search: HeldCalls<String, [String]>, _ indexes: [Int]) async {
    _ = await eventually { Set(search.inFlight).isDisjoint(with: indexes) }
  }

  @Test("Each keystroke's search cancels the one before it, and the newest answer is shown")
  func newKeystrokeCancelsTheLast() async throws {
    let search = HeldCalls<String, [String]>()
    let model = Self.model(search)
    model.queryChanged("s")
    guard await search.waitForCalls(1) else {
      Issue.record("`queryChanged(\"s\")` never started a search. [wrong-results]")
      return
    }
    model.queryChanged("sw")
    _ = await search.waitForCalls(2)
    let cancelled = await eventually { search.wasCancelled(0) }
    #expect(
      cancelled,
      "The query became \"sw\", and the search for \"s\" ran on: keep the task you start, and cancel it when the next keystroke comes. [no-cancel]"
    )
    let older = (0..<search.count).filter { search.arguments[$0] != "sw" }
    for index in older { search.answer(index, with: .success(["s"])) }
    await Self.settle(search, older)
    let newest = search.arguments.lastIndex(of: "sw") ?? 1
    search.answer(newest, with: .success(["swift", "swiftui"]))
    await Self.settle(search, [newest])
    #expect(
      model.results == ["swift", "swiftui"] && model.failure == nil,
      "The search for \"sw\" answered [\"swift\", \"swiftui\"], and the screen shows \(model.results)\(model.failure.map { " with the failure \($0)" } ?? ""). [wrong-results] [cancellation-as-failure]"
    )
  }

  @Test("An older search that ignores its cancellation and answers late never overwrites the newer answer")
  func olderAnswerNeverWins() async throws {
    let search = HeldCalls<String, [String]>(ignoringCancellation: true)
    let model = Self.model(search)
    model.queryChanged("s")
    guard await search.waitForCalls(1) else {
      Issue.record("`queryChanged(\"s\")` never started a search. [wrong-results]")
      return
    }
    model.queryChanged("sw")
    guard await search.waitForCalls(2) else {
      search.answer(0, with: .success([]))
      Issue.record("`queryChanged(\"sw\")` never started a search. [wrong-results]")
      return
    }
    search.answer(1, with: .success(["swift"]))
    await Self.settle(search, [1])
    let newest = model.results
    search.answer(0, with: .success(["safari", "sketch"]))
    await Self.settle(search, [0])
    #expect(
      newest == ["swift"],
      "The search for \"sw\" answered [\"swift\"], and the screen shows \(newest). [wrong-results]")
    #expect(
      model.results == ["swift"],
      "The search for \"s\", cancelled by the keystroke after it, answered late, and its answer \(model.results) replaced the newer one: a search may answer after its cancellation (this one ignores it), so check `Task.isCancelled` after the `await`, before you touch `results`. [older-answer-wins]"
    )
  }

  @Test("A failed search sets failure to its error; a cancelled one changes nothing")
  func failuresAndCancellations() async throws {
    let search = HeldCalls<String, [String]>()
    let model = Self.model(search)
    model.queryChanged("s")
    guard await search.waitForCalls(1) else {
      Issue.record("`queryChanged(\"s\")` never started a search. [wrong-results]")
      return
    }
    search.answer(0, with: .failure(Boom(number: 503)))
    await Self.settle(search, [0])
    #expect(
      model.failure as? Boom == Boom(number: 503),
      "The search for \"s\" failed with Boom(503), and `failure` is \(model.failure.map { "\($0)" } ?? "nil"): show the newest search's error. [failure-ignored]"
    )
    model.queryChanged("sw")
    guard await search.waitForCalls(2) else {
      Issue.record(
        "The search for \"s\" failed, and the keystroke after it, `queryChanged(\"sw\")`, never started a search: a failure is the newest query's answer, not the end of searching, and the next query looks itself up. [wrong-results]"
      )
      return
    }
    model.queryChanged("swi")
    _ = await search.waitForCalls(3)
    _ = await eventually { search.wasCancelled(1) }
    await Self.settle(search, [1])  // the search for "sw" threw `CancellationError`
    let afterCancel = model.failure
    let newest = search.arguments.lastIndex(of: "swi") ?? 2
    search.answer(newest, with: .success(["swift"]))
    await Self.settle(search, [newest])
    #expect(
      !(afterCancel is CancellationError) && !(model.failure is CancellationError),
      "The search for \"sw\" was cancelled by the next keystroke, and the screen showed its `CancellationError` as a failure: a cancelled search changes nothing (catch `CancellationError` on its own, or check `Task.isCancelled`). [cancellation-as-failure]"
    )
    #expect(
      model.results == ["swift"] && model.failure == nil,
      "The search for \"swi\" answered [\"swift\"], and the screen shows \(model.results)\(model.failure.map { " with the failure \($0)" } ?? ""): a newer answer replaces an older failure. [wrong-results] [failure-ignored]"
    )
  }

  @Test("An older search that ignores its cancellation and fails late never puts its error on screen")
  func olderFailureNeverShows() async throws {
    let search = HeldCalls<String, [String]>(ignoringCancellation: true)
    let model = Self.model(search)
    model.queryChanged("s")
    guard await search.waitForCalls(1) else {
      Issue.record("`queryChanged(\"s\")` never started a search. [wrong-results]")
      return
    }
    model.queryChanged("sw")
    guard await search.waitForCalls(2) else {
      search.answer(0, with: .success([]))
      Issue.record("`queryChanged(\"sw\")` never started a search. [wrong-results]")
      return
    }
    search.answer(1, with: .success(["swift"]))
    await Self.settle(search, [1])
    search.answer(0, with: .failure(Boom(number: 503)))
    await Self.settle(search, [0])
    #expect(
      model.failure == nil && model.results == ["swift"],
      "The search for \"s\", cancelled by the keystroke after it, failed late with Boom(503), and the screen shows failure \(model.failure.map { "\($0)" } ?? "nil") beside \(model.results): an older search's error is as stale as its results, so check `Task.isCancelled` after the `await` on the failure path too. [older-answer-wins]"
    )
  }

  @Test("When the model is released, its search is cancelled: the task does not keep it alive")
  func taskEndsWithTheModel() async throws {
    let search = HeldCalls<String, [String]>()
    var model: SearchModel? = Self.model(search)
    let released = WeakModel(model: model)
    model?.queryChanged("s")
    guard await search.waitForCalls(1) else {
      Issue.record("`queryChanged(\"s\")` never started a search. [wrong-results]")
      return
    }
    model = nil
    let cancelled = await eventually { search.wasCancelled(0) }
    let alive = released.model != nil
    search.answer(0, with: .success([]))
    await Self.settle(search, [0])
    #expect(
      cancelled,
      "The screen released its model while the search for \"s\" ran, and the search ran on: \(alive ? "the task holds the model (a strong `self`), so the model outlives its screen" : "nothing cancels it when the model goes"). Capture `[weak self]`, and cancel the task in `deinit`. [task-outlives-model]"
    )
  }

  @Test(
    "Three keystrokes whose searches ignore their cancellation, answered in every order: only the newest query's answer is ever shown"
  )
  func everyOrderOfLateAnswers() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore(Ex9_5_Orders.lateAnswers)
      }
    }
    Interleavings.expectEveryOrderHolds(child, "Three keystrokes whose searches answer late")
  }

  @Test(
    "A query typed again (\"s\", \"sw\", \"s\"), searches ignoring their cancellation, answered in every order: only the newest search's answer is ever shown"
  )
  func everyOrderOfAQueryTypedAgain() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore(Ex9_5_Orders.queryTypedAgain)
      }
    }
    Interleavings.expectEveryOrderHolds(child, "A query typed again, its searches answering late")
  }

  @Test(
    "Two keystrokes, the newer search failing, in every order: a cancelled search changes nothing and the failure is the newest's"
  )
  func everyOrderOfACancelAndAFailure() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore(Ex9_5_Orders.cancelledAndFailing)
      }
    }
    Interleavings.expectEveryOrderHolds(child, "Two keystrokes, the newer search failing")
  }
}

/// A model held weakly, to tell whether anything still keeps it alive.
@MainActor
private struct WeakModel {
  weak var model: SearchModel?
}

/// The scenarios of 9.5's every-order tests, off the main actor: each makes a fresh world.
enum Ex9_5_Orders {
  /// Keystrokes `queries`, typed in that order, each at any point after the one before; each
  /// query's search answers `answer(query, call)` (`call` counts the searches from 0), late if it
  /// ignores its cancellation. Explored in every order of keystrokes and answers. Whatever the
  /// order, the screen shows only an answer of a search made for the newest keystroke, and a
  /// cancelled search changes nothing.
  static func keystrokes(
    _ queries: [String], ignoringCancellation: Bool,
    answer: @escaping @Sendable (_ query: String, _ call: Int) -> Result<[String], any Error>
  ) -> Interleavings.World {
    let search = HeldCalls<String, [String]>(ignoringCancellation: ignoringCancellation)
    // Made on the main queue, the main actor's: the explorer's thread is not it.
    let model = DispatchQueue.main.sync { MainActor.assumeIsolated { SearchModel(search: search.onMainActor) } }
    let typed = Locked<[String]>([])
    // How many searches had been made when each keystroke came: a search made since the last one is
    // the newest keystroke's, even when an older keystroke typed the same query.
    let madeBefore = Locked<[Int]>([])
    // The answers that came while their query was the newest: the only ones the screen may show.
    let showable = Locked<[[String]]>([[]])
    let failures = Locked<[String]>([])
    // The searches still running when a newer keystroke came: each of them must be cancelled.
    let replaced = Locked<[(call: Int, by: String)]>([])
    return Interleavings.World(
      callers: queries.map { query in
        Interleavings.Caller("the keystroke that makes \"\(query)\"") {
          typed.withLock { $0.append(query) }
          madeBefore.withLock { $0.append(search.count) }
          let running = search.inFlight
          replaced.withLock { $0 += running.map { (call: $0, by: query) } }
          await MainActor.run { model.queryChanged(query) }
        }
      },
      dependencies: [
        search.dependency({ "the search for \"\($0)\"" }) { query, call in
          let outcome = answer(query, call)
          let newest = call >= madeBefore.withLock { $0.last ?? 0 }
          if newest, case .success(let found) = outcome { showable.withLock { $0.append(found) } }
          if newest, case .failure(let error) = outcome { failures.withLock { $0.append("\(error)") } }
          return outcome
        }
      ],
      invariant: {
        let (results, failure) = await MainActor.run { (model.results, model.failure) }
        if !showable.withLock({ $0.contains(results) }) {
          return
            "the screen shows \(results), the answer of a search that a newer keystroke had replaced: only the newest keystroke's search is shown, even where an older keystroke typed the same query, which \"An older search that ignores its cancellation and answers late\" or \"Each keystroke's search cancels the one before it\" explains. [older-answer-wins]"
        }
        if let failure, !failures.withLock({ $0.contains("\(failure)") }) {
          return failure is CancellationError
            ? "a search that was cancelled put its cancellation on screen (`failure` is CancellationError): a cancelled search changes nothing, which \"A failed search sets failure to its error\" explains. [cancellation-as-failure]"
            : "the screen shows the error \(failure), which no search of the newest keystroke threw: a replaced search's failure never reaches the screen, which \"An older search that ignores its cancellation and fails late\" explains. [older-answer-wins]"
        }
        return nil
      },
      check: {
        let (results, failure) = await MainActor.run { (model.results, model.failure) }
        let arguments = search.arguments
        if let (call, query) = replaced.withLock({ $0 }).first(where: { !search.wasCancelled($0.call) }) {
          return
            "the search for \"\(arguments[call])\" was still running when the query became \"\(query)\", and it was never cancelled: each query's search cancels the one before it, which \"Each keystroke's search cancels the one before it\" explains. [no-cancel]"
        }
        guard let newest = queries.last, !arguments.isEmpty else { return nil }
        switch answer(newest, arguments.count - 1) {
        case .success(let found) where results != found || failure != nil:
          return
            "every search has answered, and the screen shows \(results)\(failure.map { " with the error \($0)" } ?? ""), not the newest query's answer, \(found), which \"Each keystroke's search cancels the one before it\" explains. [wrong-results]"
        case .failure(let error) where failure.map({ "\($0)" }) != "\(error)":
          return
            "the newest query's search failed with \(error), and `failure` is \(failure.map { "\($0)" } ?? "nil"): a failed search sets `failure` to its error, which \"A failed search sets failure to its error\" explains. [failure-ignored]"
        default:
          return nil
        }
      })
  }

  static func lateAnswers() -> Interleavings.World {
    keystrokes(["s", "sw", "swi"], ignoringCancellation: true) { query, _ in .success(["\(query) result"]) }
  }

  /// The first query typed again: its first search, replaced, answers something else, late.
  static func queryTypedAgain() -> Interleavings.World {
    keystrokes(["s", "sw", "s"], ignoringCancellation: true) { query, call in .success(["\(query) result \(call)"]) }
  }

  static func cancelledAndFailing() -> Interleavings.World {
    keystrokes(["s", "sw"], ignoringCancellation: false) { query, _ in
      query == "sw" ? .failure(Boom(number: 500)) : .success(["\(query) result"])
    }
  }
}
