import ActorsAndTasks
import ActorsAndTasksReference
import CourseKit
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex9_3_TaskGroupsTests {
  // In a child process: code that builds a dictionary with unique keys from repeated ids traps, and a
  // trap must fail this test, not take the whole run down.
  @Test(
    "On drawn ids (in any order, repeats, none), fetches finishing in any order, and failures of every kind, fetchAll and fetchEach give what the reference gives, proved in a child process"
  )
  func generatedFetches() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await Self.generatedFetchesInTheChild()
      }
    }
    ResumeProbe.expectExactlyOnce(child, "fetchAll and fetchEach on drawn ids")
  }

  /// In the child: `fetchAll` (one failing id at most, so that the first error to arrive is known) and
  /// `fetchEach` (any failures), each compared with the reference on the same scenario.
  static func generatedFetchesInTheChild() async {
    await ResumeProbe.run(within: 30) {
      let all = await Generated.check(Gen.fetches(failing: 0...1), describe: { said($0) }) { scenario in
        let (mine, expected) = (
          await Self.outcome("fetchAll") { try await ActorsAndTasks.fetchAll(scenario.ids, fetch: fetch(scenario)) },
          await Self.outcome("fetchAll") {
            try await ActorsAndTasksReference.fetchAll(scenario.ids, fetch: fetch(scenario))
          }
        )
        return Self.fetchAllDifference(scenario, mine: mine, expected: expected)
      }
      if let all { throw ResumeProbe.ProbeFailure(sentence(of: all)) }
      let each = await Generated.check(Gen.fetches(failing: 0...9), describe: { said($0) }) { scenario in
        let (mine, expected) = (
          await Self.outcome("fetchEach") { await ActorsAndTasks.fetchEach(scenario.ids, fetch: fetch(scenario)) },
          await Self.outcome("fetchEach") {
            await ActorsAndTasksReference.fetchEach(scenario.ids, fetch: fetch(scenario))
          }
        )
        return Self.fetchEachDifference(scenario, mine: mine, expected: expected)
      }
      if let each { throw ResumeProbe.ProbeFailure(sentence(of: each)) }
      // However many ids: every fetch starts before any answers, the fourth, fifth and ninth too.
      let atOnce = await Generated.check(Gen.fetches(count: 0...9, failing: 0...0), describe: { said($0) }) {
        scenario in
        let ids = scenario.ids
        let all = await Self.startedAtOnce(ids.count) { _ = try await ActorsAndTasks.fetchAll(ids, fetch: $0) }
        let each = await Self.startedAtOnce(ids.count) { _ = await ActorsAndTasks.fetchEach(ids, fetch: $0) }
        for (name, started) in [("fetchAll", all), ("fetchEach", each)] where started != ids.count {
          return
            "With the ids \(ids), every fetch held open, \(name) started \(started) of \(ids.count) fetches, where it starts one for each id, all at the same time, however many there are, before awaiting any, which \"\(name) fetches every id at once\" explains. [one-at-a-time]"
        }
        return nil
      }
      if let atOnce { throw ResumeProbe.ProbeFailure(sentence(of: atOnce)) }
    }
  }

  /// How many of its `expected` fetches `call` started before any fetch answered, on one executor that
  /// says when it and its children are all parked; then every fetch is answered, so that nothing outlives it.
  ///
  /// A `Task` of its own per id does not run on that executor (an unstructured task does not inherit
  /// the preference), so a count short of `expected` once the call is parked is waited on until the
  /// process is quiet: those tasks start their fetches however busy the machine, a call that waits
  /// for an answer before the next fetch never does.
  static func startedAtOnce(
    _ expected: Int,
    _ call: @escaping @Sendable (@escaping @Sendable (Int) async throws -> String) async throws -> Void
  ) async -> Int {
    let fetch = HeldCalls<Int, String>()
    let watch = SuspensionWatch()
    let task = Task(executorPreference: watch) { try await call(fetch.function) }
    _ = await watch.parked()
    if fetch.count < expected { _ = await eventually(within: 0.05) { fetch.count >= expected } }
    let started = fetch.count
    let end = TaskEnd(task)
    // A call that starts its fetches a few at a time starts the next ones as these answer.
    for _ in 0..<20 where !end.hasEnded {
      for index in fetch.inFlight { fetch.answer(index, with: .success("value")) }
      _ = await watch.parked()
    }
    _ = try? await withDeadline("a call whose fetches all answered") { try await task.value }
    return started
  }

  /// What `call` gave, in words ("returned [value 3, value 1]", "threw Boom"), or `nil` when it never finished.
  static func outcome<T: Sendable>(_ what: String, _ call: @escaping @Sendable () async throws -> T) async -> String? {
    let result = try? await withDeadline(what) { () async -> Result<T, any Error> in
      do { return .success(try await call()) } catch { return .failure(error) }
    }
    return result.map(Said.outcome)
  }

  static func fetchAllDifference(_ scenario: FetchScenario, mine: String?, expected: String?) -> String? {
    guard let expected, mine != expected else { return nil }
    let ids = "the ids \(scenario.ids)"
    guard let mine else {
      return
        "With \(ids), fetchAll never returned nor threw, though every fetch answered, which \"fetchAll fetches every id at once\" or \"fetchAll throws the first error\" explains. [awaits-in-order]"
    }
    if scenario.failures.isEmpty, Self.sameValues(mine, expected) {
      return
        "With \(ids), fetchAll \(mine): the same values in another order. Values go back in the order of ids (not sorted, not in the order they finish), one for each id, repeats included, which \"fetchAll fetches every id at once, and returns the values in the order of ids\" explains. [completion-order]"
    }
    if scenario.failures.isEmpty {
      return
        "With \(ids), every fetch answered, and fetchAll \(mine), where it \(expected): one value for each id, in the order of ids, which \"fetchAll fetches every id at once, and returns the values in the order of ids\" explains. [wrong-values]"
    }
    return
      "With \(ids), the fetch of \(scenario.failures.keys.sorted().map(String.init).joined()) failed, and fetchAll \(mine), where it \(expected): it throws the error of the fetch that failed, whatever its kind, unchanged, which \"fetchAll throws the first error\" explains. [wrong-values]"
  }

  static func fetchEachDifference(_ scenario: FetchScenario, mine: String?, expected: String?) -> String? {
    guard let expected, mine != expected else { return nil }
    let ids = "the ids \(scenario.ids)"
    guard let mine else {
      return
        "With \(ids), fetchEach never returned, though every fetch answered, which \"fetchEach fetches every id at once\" explains. [resolved-cancels]"
    }
    if Self.sameValues(mine, expected) {
      return
        "With \(ids), fetchEach \(mine): the same outcomes in another order. Outcomes go back in the order of ids (not sorted, not in the order they finish), one for each id, repeats included, which \"fetchEach fetches every id at once\" explains. [completion-order]"
    }
    return
      "With \(ids), fetchEach \(mine), where it \(expected): every outcome in the order of ids, a failure as its `.failure` with the fetch's own error, whatever its kind, which \"fetchEach fetches every id at once\" explains. [wrong-values]"
  }

  /// Whether two outcomes said in words are the same list in another order.
  static func sameValues(_ mine: String, _ expected: String) -> Bool {
    mine.count == expected.count && mine.sorted() == expected.sorted()
  }
}

/// The fetch of `scenario`: the value of `id` is "value <id>", after the id's drawn number of yields,
/// or its drawn error.
private func fetch(_ scenario: FetchScenario) -> @Sendable (Int) async throws -> String {
  { id in
    for _ in 0..<scenario.yields[id - 1] { await Task.yield() }
    if let error = scenario.failures[id] { throw error }
    return "value \(id)"
  }
}

private func said(_ scenario: FetchScenario) -> String {
  let failures = scenario.failures.sorted { $0.key < $1.key }.map {
    "the fetch of \($0.key) failing with \(Said.error($0.value))"
  }
  return "the ids \(scenario.ids)" + (failures.isEmpty ? "" : ", \(failures.joined(separator: ", "))")
}

private func sentence(of failure: Generated.Failure) -> String {
  "With \(failure.scenario) (the smallest of the scenarios drawn from seed \(failure.seed) that breaks it, first seen in scenario \(failure.trial)): \(failure.sentence)"
}
