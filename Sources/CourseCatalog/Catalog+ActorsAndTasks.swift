extension Catalog {
  /// Topic 9: actors, reentrancy and structured concurrency, where topic 1's `when`, `race`, `after`
  /// and retry end up.
  static let actorsAndTasks = Topic(
    number: 9, module: "ActorsAndTasks", title: "Actors and structured concurrency",
    lessonFile: "09-actors-and-structured-concurrency.md",
    exercises: [
      Exercise(
        id: "9.1", title: "Reentrancy, the cache: download once", grade: .practice, points: 20,
        name: "Ex9_1_ImageCache", lessonAnchor: "reentrancy-the-cache",
        hints: [
          "An actor runs one call at a time only between `await`s: while the first load waits for its download, a second load of the same key runs, finds nothing cached, and downloads again.",
          "Keep the download under way, not only its result: a dictionary of `Task<Picture, any Error>` by key, stored before the first `await`, which every later caller awaits.",
          "When the task throws, remove its entry (if it is still the one you stored), so the next call downloads again.",
        ],
        antiPatterns: [
          AntiPattern(id: "check-then-download", "Two loads of one key downloaded it twice"),
          AntiPattern(id: "is-loading-flag", "A second load of a key being downloaded got no picture"),
          AntiPattern(id: "failure-kept", "A failed download was kept"),
          AntiPattern(id: "one-task-for-all-keys", "A load of another key waited for this one"),
          AntiPattern(id: "no-cache", unlisted: "A picture already downloaded is downloaded again"),
          AntiPattern(id: "no-download", unlisted: "A key never seen is not downloaded"),
          AntiPattern(id: "wrong-picture", unlisted: "Returns a picture other than the one its download made"),
        ]),
      Exercise(
        id: "9.2", title: "Reentrancy, the invariant: never overdraw", grade: .practice, points: 20,
        name: "Ex9_2_Wallet", lessonAnchor: "reentrancy-the-invariant",
        hints: [
          "While `authorize` runs, another `withdraw` runs on the actor: the balance you checked before the `await` may be gone after it.",
          "Check again after the `await`, just before you change the balance: between there and the change, nothing else can run.",
          "Or take the amount before the `await` (a reservation), and give it back if `authorize` throws.",
        ],
        antiPatterns: [
          AntiPattern(id: "check-before-await", "A check made before an `await` was trusted after it"),
          AntiPattern(id: "not-refunded", "A refused withdrawal still took its amount"),
          AntiPattern(
            id: "busy-refused", "A withdrawal that fits was refused because another was under way",
            implies: ["wrong-refusal"]),
          AntiPattern(id: "refusal-not-thrown", "A withdrawal that no longer fits returned as if it went through"),
          AntiPattern(
            id: "wrong-refusal",
            unlisted:
              "A withdrawal that does not fit is not refused with `InsufficientFunds` of the amount and what was left"
          ),
          AntiPattern(id: "no-authorize", unlisted: "A withdrawal is not approved by `authorize` first"),
          AntiPattern(
            id: "asks-before-checking",
            unlisted: "A withdrawal that cannot fit is sent to `authorize` before it is refused"),
        ]),
      Exercise(
        id: "9.3", title: "`when` becomes a task group", grade: .practice, points: 20,
        name: "Ex9_3_TaskGroups", lessonAnchor: "when-becomes-a-task-group",
        hints: [
          "`withThrowingTaskGroup`: one `addTask` per id, each returning its position with its value, so results can go back in the order of `ids`.",
          "`for try await` over the group throws the first error to arrive; leaving the closure by that error cancels every child and waits for them.",
          "`fetchEach` is the same with `withTaskGroup`, each child turning its outcome into a `Result`: nothing throws, so nothing is cancelled.",
        ],
        antiPatterns: [
          AntiPattern(id: "completion-order", "Values came back in the order the fetches finished"),
          AntiPattern(id: "one-at-a-time", "The fetches ran one after another"),
          AntiPattern(id: "awaits-in-order", "After a fetch failed, `fetchAll` waited for the others"),
          AntiPattern(id: "siblings-left-running", "`fetchAll` threw while fetches it started were still running"),
          AntiPattern(id: "resolved-cancels", "`fetchEach` cancelled the other fetches when one failed"),
          AntiPattern(id: "wrong-values", unlisted: "Returns values or outcomes other than the fetches'"),
        ]),
      Exercise(
        id: "9.4", title: "`race` and a timeout on an injected clock", grade: .challenge, points: 30,
        name: "Ex9_4_RaceAndTimeout", lessonAnchor: "race-and-a-timeout",
        hints: [
          "A throwing task group with one child per mirror: `try await group.next()` is the first to finish, value or error; `group.cancelAll()` stops the rest, and the group waits for them before it returns.",
          "A timeout is a race of two children: the operation, and `try await clock.sleep(for: duration)` followed by `throw TimedOut()`.",
          "Whichever child wins, cancel the other: a timer left sleeping keeps the group open until the clock moves, and an operation left running outlives its timeout.",
        ],
        antiPatterns: [
          AntiPattern(id: "losers-left-running", "The losing mirrors were still running"),
          AntiPattern(id: "first-success-only", "A mirror that failed first was not the answer"),
          AntiPattern(id: "work-left-running", "The operation was still running after `TimedOut`"),
          AntiPattern(id: "timer-left-running", "An operation that answered in time waited for its timer"),
          AntiPattern(id: "real-clock", unlisted: "The timeout does not wait on the clock it is given"),
          AntiPattern(id: "one-mirror-at-a-time", unlisted: "The mirrors do not all run at the same time"),
          AntiPattern(id: "wrong-duration", unlisted: "The timeout waits for another duration than the one given"),
          AntiPattern(id: "wrong-answer", unlisted: "Returns or throws something other than what finished first"),
        ]),
      Exercise(
        id: "9.5", title: "Who owns a task: search as you type", grade: .challenge, points: 30,
        name: "Ex9_5_SearchModel", lessonAnchor: "who-owns-a-task",
        hints: [
          "Keep the task you start (`Task<Void, Never>?`): the next keystroke cancels it before it starts its own.",
          "A cancelled search may still answer: after the `await`, `guard !Task.isCancelled` before you touch `results`.",
          "Capture `[weak self]` in the task, and cancel the task in `deinit`: the screen owns the task, not the other way round.",
        ],
        antiPatterns: [
          AntiPattern(
            id: "no-cancel", "A new keystroke left the old search running", implies: ["older-answer-wins"]),
          AntiPattern(id: "older-answer-wins", "An older search's late answer overwrote the newer one"),
          AntiPattern(id: "task-outlives-model", "The model's task outlived the model"),
          AntiPattern(
            id: "cancellation-as-failure", "A cancelled search was shown as a failure", implies: ["older-answer-wins"]),
          AntiPattern(id: "failure-ignored", unlisted: "A failed search does not set `failure` to its error"),
          AntiPattern(id: "wrong-results", unlisted: "Shows results other than the newest search's"),
        ]),
      Exercise(
        id: "9.6", title: "A cancellation that comes first", grade: .challenge, points: 30,
        name: "Ex9_6_RequestLine", lessonAnchor: "a-cancellation-that-comes-first",
        hints: [
          "A flag says whether a request is being sent; the others wait in a line of continuations, each with a ticket, resumed one at a time as each send ends (in a `defer`, so a failure passes the turn too).",
          "`try Task.checkCancellation()` before joining the line, and again once the turn comes: a cancelled request is never sent.",
          "`withTaskCancellationHandler` around the wait: its `onCancel` is not on the actor (and may run before the ticket is in line), so it hops there with `Task { await self.leave(ticket) }`, which removes the ticket and resumes it with `CancellationError`.",
        ],
        antiPatterns: [
          AntiPattern(
            id: "waits-for-turn", "A request cancelled while it waited stayed in line", implies: ["sent-after-cancel"]),
          AntiPattern(id: "no-early-check", "A task cancelled before it called `request` still sent it"),
          AntiPattern(id: "unstructured-send", "A cancel mid-flight did not reach the transport"),
          AntiPattern(id: "turn-kept-on-error", "A failed send stopped the line"),
          AntiPattern(id: "no-line", "Two requests were sent at once"),
          AntiPattern(
            id: "sent-after-cancel", unlisted: "A request cancelled while it waits is sent when its turn comes"),
          AntiPattern(id: "out-of-order", unlisted: "Requests are not sent in the order `request` was called"),
          AntiPattern(id: "wrong-reply", unlisted: "Returns or throws something other than its own send's outcome"),
          AntiPattern(id: "wrong-ticket", unlisted: "A cancel takes another request out of the line than its own"),
          AntiPattern(
            id: "line-stays-busy",
            unlisted: "Once the last request leaves with nobody waiting, the line is never free again"),
        ]),
      Exercise(
        id: "9.7", title: "Retry with backoff, structured, on an injected clock", grade: .interviewHard, points: 40,
        name: "Ex9_7_RetryWithBackoff", lessonAnchor: "retry-on-a-clock",
        hints: [
          "A loop: `return try await body()` inside `do`, and in `catch` decide whether to go round again.",
          "`try await clock.sleep(for: delay)`, then `delay *= 2`: the sleep throws `CancellationError` when the task is cancelled, and that ends the loop, so never swallow it with `try?`.",
          "Catch `CancellationError` from `body` on its own and throw it again before asking `isRetryable`.",
        ],
        antiPatterns: [
          AntiPattern(id: "fixed-delay", "The delay did not double"),
          AntiPattern(id: "real-clock", "The retry waited on a clock it was not given"),
          AntiPattern(id: "retry-after-cancel", "A cancel during a wait was followed by another attempt"),
          AntiPattern(id: "retries-cancellation", "A cancellation was retried"),
          AntiPattern(id: "first-error", "The first error was thrown, not the last"),
          AntiPattern(id: "wrong-attempts", unlisted: "Calls `body` more or fewer times than `maxAttempts` allows"),
          AntiPattern(id: "retries-everything", unlisted: "Retries an error `isRetryable` refuses"),
        ]),
    ],
    interviewPractice: ["9.1", "9.2", "9.3", "9.4", "9.5", "9.6", "9.7"])
}
