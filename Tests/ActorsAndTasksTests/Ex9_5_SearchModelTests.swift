import ActorsAndTasks
import CourseKit
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
    guard await search.waitForCalls(2) else { return }
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
}

/// A model held weakly, to tell whether anything still keeps it alive.
@MainActor
private struct WeakModel {
  weak var model: SearchModel?
}
