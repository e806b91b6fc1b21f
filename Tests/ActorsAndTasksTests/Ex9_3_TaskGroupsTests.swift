import ActorsAndTasks
import CourseKit
import Locking
import Testing

@Suite("9.3 `when` becomes a task group", .exercise("9.3"))
struct Ex9_3_TaskGroupsTests {
  static let ids = [1, 2, 3]

  /// Answers the fetch of `id` with `outcome`, then waits until every task on `watch` is parked again:
  /// the answer has been taken in before the next one is given, so the fetches finish in this order.
  static func answer(
    _ fetch: HeldCalls<Int, String>, id: Int, with outcome: Result<String, any Error>, watch: SuspensionWatch
  ) async {
    guard let index = fetch.arguments.firstIndex(of: id) else { return }
    fetch.answer(index, with: outcome)
    _ = await watch.parked()
  }

  @Test("fetchAll fetches every id at once, and returns the values in the order of ids, whatever order they finish in")
  func inputOrder() async throws {
    let fetch = HeldCalls<Int, String>()
    // The call and its children run on one executor that says when all of them are parked.
    let watch = SuspensionWatch()
    let call = Task(executorPreference: watch) { try await fetchAll(Self.ids, fetch: fetch.function) }
    let allStarted = await fetch.waitForCalls(3, from: call)
    #expect(
      allStarted,
      "With the first fetch held open, `fetchAll` started \(fetch.count) of 3: it fetched one id after another. Add one child task per id, all before awaiting any. [one-at-a-time]"
    )
    guard allStarted else {
      for index in 0..<3 {
        _ = await fetch.waitForCalls(index + 1, from: call)
        fetch.answer(index, with: .success("article \(index + 1)"))
      }
      _ = await withDeadlineResult("fetchAll([1, 2, 3])") { try await call.value }
      return
    }
    for id in Self.ids.reversed() {
      await Self.answer(fetch, id: id, with: .success("article \(id)"), watch: watch)
    }
    let values = await withDeadlineResult("fetchAll([1, 2, 3])") { try await call.value }
    #expect(
      (try? values.get()) == ["article 1", "article 2", "article 3"],
      "The fetches finished 3, 2, 1, and `fetchAll` \(did(values)): values go back in the order of ids, whatever order they finish in. Let each child return its position with its value. [completion-order] [wrong-values]"
    )
  }

  @Test("fetchAll throws the first error to arrive, and no fetch it started is still running when it does")
  func firstErrorCancelsTheRest() async throws {
    let fetch = HeldCalls<Int, String>()
    let call = Task { try await fetchAll(Self.ids, fetch: fetch.function) }
    guard await fetch.waitForCalls(3, from: call), let third = fetch.arguments.firstIndex(of: 3) else {
      call.cancel()
      for index in 0..<fetch.count { fetch.answer(index, with: .failure(Boom(number: 0))) }
      Issue.record(
        "With the first fetch held open, `fetchAll` started \(fetch.count) of 3: it fetched one id after another. [one-at-a-time]"
      )
      return
    }
    fetch.answer(third, with: .failure(Boom(number: 3)))
    let outcome = await withDeadlineResult("fetchAll([1, 2, 3]) after the fetch of 3 failed") { try await call.value }
    let running = fetch.inFlight.map { fetch.arguments[$0] }
    // Whatever happened, end every fetch, so nothing of this test outlives it.
    for index in 0..<fetch.count { fetch.answer(index, with: .failure(Boom(number: fetch.arguments[index]))) }
    if outcome.hung {
      _ = await withDeadlineResult("fetchAll([1, 2, 3]), every fetch ended") { try await call.value }
      Issue.record(
        "The fetch of 3 failed first, and `fetchAll` neither threw nor cancelled the fetches of \(running): it went on waiting for them. The first error to arrive ends the call: `for try await` over a task group throws it, and leaving the group cancels the other children. Awaiting tasks in the order of ids waits for fetches that no longer matter, and a group whose children await a `Task { }` of their own cannot cancel it. [awaits-in-order]"
      )
      return
    }
    #expect(
      running.isEmpty,
      "`fetchAll` threw while the fetches of \(running) were still running: a `Task { }` per id is nobody's child, so neither cancels nor waits for it. Use a task group: when its closure throws, it cancels every child and waits for them before it returns. [siblings-left-running]"
    )
    #expect(
      outcome.failure as? Boom == Boom(number: 3),
      "The fetch of 3 failed first, with Boom(3), and `fetchAll` \(did(outcome)): throw the first error to arrive. [awaits-in-order] [wrong-values]"
    )
  }

  @Test("fetchEach fetches every id at once, and returns every outcome in the order of ids; a failure cancels nothing")
  func everyOutcome() async throws {
    let fetch = HeldCalls<Int, String>()
    let watch = SuspensionWatch()
    let call = Task(executorPreference: watch) { await fetchEach(Self.ids, fetch: fetch.function) }
    let allStarted = await fetch.waitForCalls(3, from: call)
    #expect(
      allStarted,
      "With the first fetch held open, `fetchEach` started \(fetch.count) of 3: it fetched one id after another. [one-at-a-time]"
    )
    if !allStarted {
      for index in 0..<3 {
        _ = await fetch.waitForCalls(index + 1, from: call)
        fetch.answer(index, with: .success("article \(index + 1)"))
      }
      _ = await withDeadlineResult("fetchEach([1, 2, 3])") { await call.value }
      return
    }
    await Self.answer(fetch, id: 2, with: .failure(Boom(number: 2)), watch: watch)
    let cancelled = [1, 3].filter { id in fetch.arguments.firstIndex(of: id).map(fetch.wasCancelled) ?? false }
    await Self.answer(fetch, id: 3, with: .success("article 3"), watch: watch)
    await Self.answer(fetch, id: 1, with: .success("article 1"), watch: watch)
    let outcomes = await withDeadlineResult("fetchEach([1, 2, 3])") { await call.value }
    #expect(
      cancelled.isEmpty,
      "The fetch of 2 failed, and `fetchEach` cancelled the fetches of \(cancelled): like `when(resolved:)`, it waits for every outcome. A throwing group cancels its children when an error leaves it: catch each child's error into a `Result`. [resolved-cancels]"
    )
    let read = (try? outcomes.get())?.map { outcome -> String in
      switch outcome {
      case .success(let value): value
      case .failure(let error): "\(error)"
      }
    }
    #expect(
      read == ["article 1", "Boom(2)", "article 3"],
      "The fetches finished 2 (failing with Boom(2)), 3, 1, and `fetchEach` \(read.map { "returned \($0)" } ?? did(outcomes)): every outcome, in the order of ids. [completion-order] [resolved-cancels] [wrong-values]"
    )
  }

  /// `fetchAll([1, 2, 3])` (or `fetchEach`) whose fetches answer with `outcomes` (by id), in every
  /// order: the order the answers came in is recorded, to say which failure arrived first.
  static func threeFetches(
    each: Bool, _ outcomes: @escaping @Sendable (Int) -> Result<String, any Error>
  ) -> Interleavings.World {
    let fetch = HeldCalls<Int, String>()
    let answered = Locked<[Int]>([])
    let result = Locked<(Result<[String], any Error>, running: [Int])?>(nil)
    let name = each ? "fetchEach" : "fetchAll"
    return Interleavings.World(
      callers: [
        Interleavings.Caller("the call \(name)([1, 2, 3])") {
          let outcome: Result<[String], any Error>
          if each {
            let read = await fetchEach(ids, fetch: fetch.function).map { outcome in
              switch outcome {
              case .success(let value): value
              case .failure(let error): "\(error)"
              }
            }
            outcome = .success(read)
          } else {
            outcome = await Interleavings.outcome { try await fetchAll(ids, fetch: fetch.function) }
          }
          let running = fetch.inFlight.map { fetch.arguments[$0] }
          result.withLock { $0 = (outcome, running) }
        }
      ],
      dependencies: [
        fetch.dependency({ "the fetch of \($0)" }) { id, _ in
          answered.withLock { $0.append(id) }
          return outcomes(id)
        }
      ],
      check: {
        guard let (outcome, running) = result.withLock({ $0 }) else {
          return
            "`\(name)` never returned, though every fetch answered or was cancelled, which \"\(name) fetches every id at once\" explains. [awaits-in-order]"
        }
        if !running.isEmpty {
          return
            "`\(name)` returned while the fetches of \(running) were still running: nothing it started may outlive it, which \"fetchAll throws the first error to arrive\" explains. [siblings-left-running]"
        }
        // Every fetch is under way before any answers: the explorer answers only once nothing else can run.
        if fetch.mostAtOnce < ids.count {
          return
            "`\(name)` had at most \(fetch.mostAtOnce) of its \(ids.count) fetches running at once: it fetches every id at the same time, starting them all before awaiting any, which \"\(name) fetches every id at once\" explains. [one-at-a-time]"
        }
        let order = answered.withLock { $0 }
        if each {
          // No caller is cancelled here: a fetch whose task was cancelled, `fetchEach` cancelled.
          let cancelled = ids.filter { id in fetch.arguments.firstIndex(of: id).map(fetch.wasCancelled) ?? false }
          if !cancelled.isEmpty {
            let failed = ids.compactMap { id in outcomes(id).failure.map { "the fetch of \(id) failed with \($0)" } }
            return
              "the fetches answered \(order.map(String.init).joined(separator: ", ")), \(failed.joined(separator: " and ")), and `fetchEach` cancelled the fetches of \(cancelled): a failed fetch, whatever its error (a `CancellationError` too), is its `.failure` and cancels nothing, which \"fetchEach fetches every id at once\" explains. [resolved-cancels]"
          }
          let expected = ids.map { id in
            switch outcomes(id) {
            case .success(let value): value
            case .failure(let error): "\(error)"
            }
          }
          guard let read = try? outcome.get(), read == expected else {
            return
              "the fetches answered \(order.map(String.init).joined(separator: ", ")), and `fetchEach` returned \((try? outcome.get()).map { "\($0)" } ?? "nothing"), not \(expected): every outcome, in the order of ids, whatever order they finish in, which \"fetchEach fetches every id at once\" explains. [completion-order] [wrong-values]"
          }
          return nil
        }
        let firstFailure = order.first { id in (try? outcomes(id).get()) == nil }
        let expected: Result<[String], any Error> =
          firstFailure.map { outcomes($0).map { [$0] } } ?? .success(ids.map { "article \($0)" })
        if "\(outcome)" == "\(expected)" { return nil }
        guard let firstFailure else {
          return
            "the fetches finished \(order.map(String.init).joined(separator: ", ")), and `fetchAll` \(did(outcome)): values go back in the order of ids, whatever order they finish in, which \"fetchAll fetches every id at once\" explains. [completion-order] [wrong-values]"
        }
        return
          "the fetch of \(firstFailure) was the first to fail, and `fetchAll` \(did(outcome)): it throws the first error to arrive, in time, not in the order of ids, which \"fetchAll throws the first error to arrive\" explains. [awaits-in-order] [wrong-values]"
      })
  }

  @Test(
    "fetchAll and fetchEach, their fetches answered in every order: values in the order of ids, the first error to arrive thrown, nothing left running"
  )
  func everyOrderOfAnswers() async {
    let allSucceed = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore { Ex9_3_TaskGroupsTests.threeFetches(each: false) { .success("article \($0)") } }
      }
    }
    Interleavings.expectEveryOrderHolds(allSucceed, "fetchAll([1, 2, 3]) whose fetches all succeed")
    let twoFail = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore {
          Ex9_3_TaskGroupsTests.threeFetches(each: false) {
            $0 == 1 ? .success("article 1") : .failure(Boom(number: $0))
          }
        }
      }
    }
    Interleavings.expectEveryOrderHolds(twoFail, "fetchAll([1, 2, 3]) whose fetches of 2 and 3 fail")
    let each = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore {
          Ex9_3_TaskGroupsTests.threeFetches(each: true) {
            $0 == 2 ? .failure(Boom(number: 2)) : .success("article \($0)")
          }
        }
      }
    }
    Interleavings.expectEveryOrderHolds(each, "fetchEach([1, 2, 3]) whose fetch of 2 fails")
  }

  @Test(
    "fetchEach, its fetches answered in every order, one failing with a CancellationError: every outcome in the order of ids, and nothing cancelled"
  )
  func everyOrderOfACancellationError() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore {
          Ex9_3_TaskGroupsTests.threeFetches(each: true) {
            $0 == 2 ? .failure(CancellationError()) : .success("article \($0)")
          }
        }
      }
    }
    Interleavings.expectEveryOrderHolds(child, "fetchEach([1, 2, 3]) whose fetch of 2 fails with a CancellationError")
  }
}
