import ActorsAndTasks
import CourseKit
import Locking
import Testing

@Suite("9.6 A cancellation that comes first", .exercise("9.6"))
struct Ex9_6_RequestLineTests {
  /// A line over `send`, with one request ("A") being sent and held open, and `waiting` requests
  /// made after it, each parked at its place in the line before the next is made.
  struct Scene {
    let send: HeldCalls<String, String>
    let line: RequestLine
    let first: Task<String, any Error>
    let waiting: [Task<String, any Error>]

    /// The scene, or `nil` when "A" was never sent.
    static func make(waiting paths: [String]) async -> Scene? {
      let send = HeldCalls<String, String>()
      let line = RequestLine(send: send.function)
      let first = Task { try await line.request("A") }
      guard await send.waitForCalls(1, from: first) else {
        first.cancel()
        return nil
      }
      var waiting: [Task<String, any Error>] = []
      for path in paths {
        // Made on an executor that says when the request is parked: in line, or done.
        let watch = SuspensionWatch()
        waiting.append(Task(executorPreference: watch) { try await line.request(path) })
        _ = await watch.parked()
      }
      return Scene(send: send, line: line, first: first, waiting: waiting)
    }

    /// Ends every send still held, so nothing of the test outlives it.
    func endAll() async {
      for _ in 0..<4 {
        for index in 0..<send.count { send.answer(index, with: .success("reply to \(send.arguments[index])")) }
        _ = await eventually { send.inFlight.isEmpty }
      }
      for task in [first] + waiting { task.cancel() }
    }
  }

  static let notSent = "`request(\"A\")`, on an idle line, never called `send`. [wrong-reply]"

  /// Whether requests made behind "A" were sent while it was: then nothing waits in line, and the
  /// test records why it cannot go on.
  static func noLine(_ scene: Scene) -> Bool {
    guard scene.send.count > 1 else { return false }
    Issue.record(
      "While \"A\" was being sent, the requests made behind it were sent too (\(scene.send.arguments)): an actor runs one call at a time only between `await`s, so each request waits its turn in a line of your own. [no-line]"
    )
    return true
  }

  @Test("One request is sent at a time, in the order request was called, each getting its own reply")
  func oneAtATimeInOrder() async throws {
    guard let scene = await Scene.make(waiting: ["B", "C"]) else {
      Issue.record(Comment(rawValue: Self.notSent))
      return
    }
    let sentAtOnce = scene.send.count
    var order: [String] = []
    for step in 0..<3 {
      _ = await scene.send.waitForCalls(step + 1)
      guard step < scene.send.count else { break }
      order.append(scene.send.arguments[step])
      scene.send.answer(step, with: .success("reply to \(scene.send.arguments[step])"))
    }
    let replies = await withDeadlineResult("the three requests") {
      [try await scene.first.value, try await scene.waiting[0].value, try await scene.waiting[1].value]
    }
    await scene.endAll()
    #expect(
      sentAtOnce == 1,
      "While \"A\" was being sent, \(sentAtOnce - 1) more requests were sent beside it: the transport takes one at a time, so the others wait their turn in a line. [no-line]"
    )
    guard sentAtOnce == 1 else { return }
    #expect(
      order == ["A", "B", "C"],
      "Requests made A, B, C were sent \(order): each waits its turn in the order `request` was called. [out-of-order]")
    #expect(
      (try? replies.get()) == ["reply to A", "reply to B", "reply to C"],
      "Each request should return its own send's reply: they \(did(replies)). [wrong-reply]")
  }

  @Test(
    "A request cancelled while it waits its turn throws CancellationError at once, is never sent, and the line moves on"
  )
  func cancelledWhileWaiting() async throws {
    guard let scene = await Scene.make(waiting: ["B", "C"]) else {
      Issue.record(Comment(rawValue: Self.notSent))
      return
    }
    if Self.noLine(scene) {
      await scene.endAll()
      return
    }
    scene.waiting[0].cancel()
    let cancelled = await withDeadlineResult("request(\"B\"), cancelled while \"A\" was being sent") {
      try await scene.waiting[0].value
    }
    // "A" is still being sent: nothing else may be, whatever the cancelled request did on its way out. (A
    // turn passed by "B" sends "C" at once; the correct line waits here for the standard deadline.)
    let sentBesideA = await scene.send.waitForCalls(2) ? Array(scene.send.arguments.dropFirst()) : []
    scene.send.answer(0, with: .success("reply to A"))
    _ = await scene.send.waitForCalls(2)
    let next = scene.send.count > 1 ? scene.send.arguments[1] : nil
    await scene.endAll()
    let sent = scene.send.arguments
    if cancelled.hung {
      Issue.record(
        "\"B\" was cancelled while it waited behind \"A\", and it went on waiting: nothing listened for a cancellation while it was suspended in the line, so it stayed there until its turn came. A request cancelled while it waits leaves the line at once, throwing `CancellationError`. [waits-for-turn]"
      )
    } else {
      #expect(
        cancelled.failure is CancellationError,
        "\"B\" was cancelled while it waited behind \"A\", and `request` \(did(cancelled)): throw `CancellationError`. [wrong-reply]"
      )
    }
    #expect(
      sentBesideA.isEmpty,
      "\"B\" was cancelled while it waited behind \"A\", and \(sentBesideA) went out while \"A\" was still being sent: only the request that holds the turn passes it on; one that leaves the line never had it. [no-line]"
    )
    #expect(
      !sent.contains("B"),
      "\"B\" was cancelled while it waited, and it was sent anyway when its turn came (sent: \(sent)): check for cancellation once the turn comes, before you send. [sent-after-cancel]"
    )
    #expect(
      next == "C",
      "Once \"A\" was answered, the next request sent was \(next.map { "\"\($0)\"" } ?? "none"), not \"C\": a cancelled request leaves the line, and the one behind it takes its place. [waits-for-turn] [sent-after-cancel] [out-of-order]"
    )
  }

  @Test(
    "A request cancelled behind another waiting one takes only itself out of the line: the one before it still goes, for the same path too",
    arguments: [["B", "C"], ["B", "B"]])
  func cancelledBehindAnother(paths: [String]) async throws {
    guard let scene = await Scene.make(waiting: paths) else {
      Issue.record(Comment(rawValue: Self.notSent))
      return
    }
    if Self.noLine(scene) {
      await scene.endAll()
      return
    }
    let (first, second) =
      paths[0] == paths[1]
      ? ("the first \"\(paths[0])\"", "the second \"\(paths[1])\"") : ("\"\(paths[0])\"", "\"\(paths[1])\"")
    scene.waiting[1].cancel()
    let cancelled = await withDeadlineResult("request(\"\(paths[1])\"), cancelled while \(first) waited before it") {
      try await scene.waiting[1].value
    }
    scene.send.answer(0, with: .success("reply to A"))
    _ = await scene.send.waitForCalls(2)
    let next = scene.send.count > 1 ? scene.send.arguments[1] : nil
    if next != nil { scene.send.answer(1, with: .success("reply to \(scene.send.arguments[1])")) }
    let before = await withDeadlineResult("request(\"\(paths[0])\"), waiting before the cancelled \(second)") {
      try await scene.waiting[0].value
    }
    // A cancel that takes nobody out is "A request cancelled while it waits its turn"'s business; this one
    // asks that it takes no one else.
    await scene.endAll()
    #expect(
      !(before.failure is CancellationError) && !before.hung && (next == nil || next == paths[0]),
      "\(second.prefix(1).uppercased())\(second.dropFirst()) was cancelled while it waited behind \(first): the cancelled request \(did(cancelled)), and \(first), never cancelled, \(did(before)), the next request sent being \(next.map { "\"\($0)\"" } ?? "none"). A cancel takes its own request out of the line, found by something only it has (a ticket of its own, not its path), and no other. [wrong-ticket]"
    )
  }

  @Test("A request made once the line has emptied is sent at once")
  func freeAgainOnceEmpty() async throws {
    let send = HeldCalls<String, String>()
    let line = RequestLine(send: send.function)
    let first = Task { try await line.request("A") }
    guard await send.waitForCalls(1, from: first) else {
      first.cancel()
      Issue.record(Comment(rawValue: Self.notSent))
      return
    }
    send.answer(0, with: .success("reply to A"))
    let answered = await withDeadlineResult("request(\"A\")") { try await first.value }
    let second = Task { try await line.request("B") }
    let sent = await send.waitForCalls(2, from: second)
    for index in 0..<send.count { send.answer(index, with: .success("reply to \(send.arguments[index])")) }
    let outcome = await withDeadlineResult("request(\"B\"), made once \"A\" was answered") { try await second.value }
    second.cancel()
    #expect(answered.success == "reply to A", "`request(\"A\")` on an idle line \(did(answered)). [wrong-reply]")
    #expect(
      sent && outcome.success == "reply to B",
      "\"A\" was answered and nothing waited behind it; then `request(\"B\")` \(did(outcome)) (sent: \(send.arguments)): when the last request leaves and nobody waits, the line is free again, so the next one goes at once. [line-stays-busy]"
    )
  }

  @Test("A task already cancelled when it calls request sends nothing and throws CancellationError")
  func alreadyCancelled() async throws {
    let send = HeldCalls<String, String>()
    let line = RequestLine(send: send.function)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await line.request("A")
    }
    let outcome = await withDeadlineResult("request(\"A\") in a cancelled task") { try await task.value }
    for index in 0..<send.count { send.answer(index, with: .success("reply")) }
    #expect(
      send.count == 0,
      "The task was cancelled before it called `request(\"A\")`, and the request was sent anyway: check for cancellation before you join the line or send. [no-early-check]"
    )
    #expect(
      outcome.failure is CancellationError,
      "`request(\"A\")` in a cancelled task \(did(outcome)): throw `CancellationError`. [no-early-check] [wrong-reply]")
  }

  @Test(
    "A request cancelled while it is sent is cancelled at the source, throws CancellationError, and the next one goes")
  func cancelledMidFlight() async throws {
    guard let scene = await Scene.make(waiting: ["B"]) else {
      Issue.record(Comment(rawValue: Self.notSent))
      return
    }
    if Self.noLine(scene) {
      await scene.endAll()
      return
    }
    scene.first.cancel()
    let atSource = await eventually { scene.send.wasCancelled(0) && scene.send.inFlight.first != 0 }
    let outcome = await withDeadlineResult("request(\"A\"), cancelled while sent") { try await scene.first.value }
    let nextSent = await scene.send.waitForCalls(2)
    await scene.endAll()
    #expect(
      atSource,
      "\"A\" was cancelled while it was sent, and `send` never heard it: a cancel reaches only what runs in the cancelled task itself, and this `send` ran in a task of its own (`Task { }`, `Task.detached`). Await `send` in the request's own task. [unstructured-send]"
    )
    guard atSource else { return }
    #expect(
      outcome.failure is CancellationError,
      "\"A\" was cancelled while it was sent, and `request` \(did(outcome)): throw `CancellationError`. [wrong-reply]")
    #expect(
      nextSent,
      "\"A\" was cancelled while it was sent, and \"B\" behind it was never sent: a cancelled send passes the turn on, as every other way out of `request` must (a `defer`). [turn-kept-on-error]"
    )
  }

  @Test("A failed send throws its error, and the next request goes")
  func failurePassesTheTurn() async throws {
    guard let scene = await Scene.make(waiting: ["B"]) else {
      Issue.record(Comment(rawValue: Self.notSent))
      return
    }
    if Self.noLine(scene) {
      await scene.endAll()
      return
    }
    scene.send.answer(0, with: .failure(Boom(number: 500)))
    let outcome = await withDeadlineResult("request(\"A\"), failing") { try await scene.first.value }
    let nextSent = await scene.send.waitForCalls(2)
    await scene.endAll()
    #expect(
      outcome.failure as? Boom == Boom(number: 500),
      "The send of \"A\" failed with Boom(500), and `request` \(did(outcome)): throw its error. [wrong-reply]")
    #expect(
      nextSent,
      "The send of \"A\" failed, and \"B\" behind it was never sent: pass the turn on however `request` ends (a `defer`). [turn-kept-on-error]"
    )
  }

  /// Requests "A", "B" and "C", made in that order, each at any point after the one before; "B"
  /// and "C" may be cancelled at any point; every send answers "reply to" its path. Explored in every
  /// order of arrivals, sends' answers, resumptions and cancellations.
  static func requestsAndCancels() -> Interleavings.World {
    let send = HeldCalls<String, String>()
    let line = RequestLine(send: send.function)
    let paths = ["A", "B", "C"]
    // When each request was cancelled: how many sends had started, and whether its own had answered.
    let cancelledAfterSends = Locked<[String: (sends: Int, answered: Bool)]>([:])
    let answered = Locked<Set<String>>([])
    let outcomes = Locked<[String: Result<String, any Error>]>([:])
    return Interleavings.World(
      callers: paths.map { path in
        // Where a cancelled request was left waiting, when nothing woke it: in its send, or in line.
        let asleep: @Sendable () -> String = {
          let sending = send.inFlight.contains { send.arguments[$0] == path }
          return sending
            ? "\"\(path)\" was cancelled while it was being sent, and went on waiting for the send: the cancel never reached the transport. A request cancelled while it is sent is cancelled at the source and throws `CancellationError`, which \"A request cancelled while it is sent\" explains. [unstructured-send]"
            : "\"\(path)\" was cancelled while it waited its turn, and went on waiting: nothing woke it, so it would leave only when its turn came. A request cancelled while it waits leaves the line at once, throwing `CancellationError`, which \"A request cancelled while it waits its turn\" explains. [waits-for-turn]"
        }
        return Interleavings.Caller("request(\"\(path)\")", asleepAfterCancel: path == "A" ? nil : asleep) {
          let outcome = await withTaskCancellationHandler {
            await Interleavings.outcome { try await line.request(path) }
          } onCancel: {
            let answeredYet = answered.withLock { $0.contains(path) }
            cancelledAfterSends.withLock { $0[path] = (send.count, answeredYet) }
          }
          outcomes.withLock { $0[path] = outcome }
        }
      },
      dependencies: [
        send.dependency({ "the send of \"\($0)\"" }) { path, _ in
          answered.withLock { _ = $0.insert(path) }
          return .success("reply to \(path)")
        }
      ],
      invariant: {
        send.inFlight.count > 1
          ? "two requests were being sent at once (\(send.inFlight.map { send.arguments[$0] })): the transport takes one at a time, which \"One request is sent at a time\" explains. [no-line]"
          : nil
      },
      check: {
        let done = outcomes.withLock { $0 }
        let cancels = cancelledAfterSends.withLock { $0 }
        let sent = send.arguments
        for path in paths where done[path] == nil {
          return "request(\"\(path)\") never returned. [waits-for-turn] [line-stays-busy]"
        }
        if sent != paths.filter(sent.contains) {
          return
            "the requests were sent in the order \(sent), not in the order `request` was called, which \"One request is sent at a time\" explains. [out-of-order]"
        }
        for path in paths {
          let index = sent.firstIndex(of: path)
          if let cancelled = cancels[path], !cancelled.answered {
            // Cancelled before its send began: never sent; while it was sent: cancelled at the source.
            // (A cancel that comes once its send has answered changes nothing.)
            if let index, index >= cancelled.sends {
              return
                "\"\(path)\" was cancelled before its turn came, and it was sent anyway when the turn came: a cancelled request is never sent, which \"A request cancelled while it waits its turn\" or \"A task already cancelled when it calls request\" explains. [sent-after-cancel]"
            }
            if let index, !send.wasCancelled(index) {
              return
                "\"\(path)\" was cancelled while it was being sent, and the send never saw the cancel: a cancel mid-flight reaches the transport, which \"A request cancelled while it is sent\" explains. [unstructured-send]"
            }
            if !(done[path]?.failure is CancellationError) {
              return
                "\"\(path)\" was cancelled, and `request` \(did(done[path]!)): a cancelled request throws `CancellationError`. [wrong-reply]"
            }
          } else if cancels[path] == nil {
            guard index != nil else {
              return
                "\"\(path)\" was never cancelled, and it was never sent (sent: \(sent)): a cancel takes out its own request and no other, and the line moves on to the next. [wrong-ticket] [turn-kept-on-error]"
            }
            if (try? done[path]?.get()) != "reply to \(path)" {
              return
                "request(\"\(path)\") \(did(done[path]!)), not its own send's answer, \"reply to \(path)\". [wrong-reply]"
            }
          }
        }
        // Every request has returned: the line is free, so one more request is sent at once.
        let sends = send.count
        let after = Task { _ = try? await line.request("after") }
        for _ in 0..<3 { await Task.yield() }
        _ = after
        guard send.count > sends else {
          guard !cancels.isEmpty else {
            return
              "every request returned its reply, and a request made after them was never sent: once the last request leaves with nobody waiting, the line is free again, which \"A request made once the line has emptied is sent at once\" explains. [line-stays-busy]"
          }
          return
            "every request returned, and a request made after them was never sent: one that left (cancelled just as its turn came) kept the turn. Pass the turn on however `request` ends, with a `defer` set as soon as the turn is taken, which \"A failed send throws its error, and the next request goes\" explains. [turn-kept-on-error]"
        }
        return nil
      })
  }

  @Test(
    "Three requests, two of them cancelled at every point they can be, in every order of arrivals, answers and resumptions: one send at a time, in order, a cancelled request never sent and woken at once, and the line free once they are done"
  )
  func everyOrderOfRequestsAndCancels() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore(Ex9_6_RequestLineTests.requestsAndCancels)
      }
    }
    Interleavings.expectEveryOrderHolds(child, "Requests A, B and C, B and C cancelled")
  }
}
