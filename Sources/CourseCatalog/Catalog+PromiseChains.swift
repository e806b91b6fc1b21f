extension Catalog {
  /// Topic 1: promise chains.
  static let promiseChains = Topic(
    number: 1, module: "PromiseChains", title: "Promise chains", lessonFile: "01-promise-chains.md",
    exercises: [
      Exercise(
        id: "1.1", title: "Wrap a completion handler in a promise", grade: .warmUp, points: 10,
        name: "Ex1_1_WrapCompletionHandler", lessonAnchor: "wrap-a-callback",
        hints: [
          "Create the promise with `Promise { seal in ... }` and call the service inside the closure.",
          "A callback can deliver a session, an error, both, or neither. Which `Resolver` method takes `(value?, error?)`?",
          "`seal.resolve(session, error)` rejects on an error, fulfills on a value, and rejects `(nil, nil)` with `PMKError.invalidCallingConvention`.",
        ],
        antiPatterns: [
          AntiPattern(id: "if-else-if", "An if/else-if on the two optionals"),
          AntiPattern(id: "session-first", "When the callback delivers both, the error wins"),
          AntiPattern(id: "retry-login", "Call the legacy service exactly once"),
          AntiPattern(id: "last-answer-wins", "A promise settles once"),
          AntiPattern(id: "session-not-fulfilled", unlisted: "Does not fulfill with the session the service delivers"),
          AntiPattern(id: "changed-error", unlisted: "Rejects with an error other than the one the service delivers"),
          AntiPattern(
            id: "wrong-convention-error",
            unlisted: "Rejects `(nil, nil)` with an error other than `PMKError.invalidCallingConvention`"),
        ]),
      Exercise(
        id: "1.2", title: "Sequence dependent calls without nesting", grade: .warmUp, points: 10,
        name: "Ex1_2_SequenceCalls", lessonAnchor: "sequence-with-then-map-done",
        hints: [
          "Start with `firstly { api.session(for: user) }` and add one step per line.",
          "`then` for a step that returns a promise (the feed), `map` for a step that computes (the titles), `done` for the screen.",
          "Return the whole chain: the caller must hear about a failed sign-in or a failed feed.",
        ],
        antiPatterns: [
          AntiPattern(id: "nested-not-returned", "Return every inner promise from `then`"),
          AntiPattern(id: "recover-empty-feed", "A nested chain with its own `catch` swallows the error"),
          AntiPattern(id: "guest-session", "After a failed step, the later steps must not run"),
          AntiPattern(id: "no-hops", "`done` runs on the main queue by default"),
          AntiPattern(id: "wrong-titles", unlisted: "Shows titles other than the published ones, once, in feed order"),
          AntiPattern(id: "wrong-user", unlisted: "Opens no session, several, or one for another user"),
          AntiPattern(id: "session-not-passed", unlisted: "Loads the feed without the session the sign-in returned"),
        ]),
      Exercise(
        id: "1.3", title: "Handle errors: catch, recover, ensure", grade: .practice, points: 20,
        name: "Ex1_3_HandleErrors", lessonAnchor: "errors-catch-recover-ensure",
        hints: [
          "Show the spinner first; the chain is: feed, recover, done, ensure, catch.",
          "`recover` only what you can handle: offline becomes the cached articles; rethrow everything else.",
          "Hide the spinner in `ensure`, which runs on every path. `catch` skips cancellations, so a spinner hidden there stays on after a cancel.",
        ],
        antiPatterns: [
          AntiPattern(id: "recover-everything", "Recover only the errors you can handle"),
          AntiPattern(id: "spinner-in-done-and-catch", "`catch` skips cancellations, so a spinner"),
          AntiPattern(id: "catch-all-errors", "A cancellation is neither success nor failure"),
          AntiPattern(id: "ensure-beside", "`ensure` belongs in the chain after `done`"),
          AntiPattern(id: "empty-catch", "End the chain with `catch`"),
          AntiPattern(
            id: "spinner-after-request", unlisted: "Shows the spinner after the request starts, or not at all"),
          AntiPattern(
            id: "articles-not-shown", unlisted: "Does not show the feed's articles on success",
            // The order test expects the feed's own articles between the spinner's on and off.
            implies: ["spinner-out-of-order"]),
          AntiPattern(
            id: "spinner-left-on", unlisted: "Leaves the spinner on after a success, an offline fallback or a failure",
            // A spinner that no path hides stays on after a cancel too.
            implies: ["spinner-in-done-and-catch"]),
          AntiPattern(
            id: "error-on-success", unlisted: "Shows an error alert after a successful refresh",
            // The order test expects the spinner's on, the articles and its off, and no other event.
            implies: ["spinner-out-of-order"]),
          AntiPattern(
            id: "no-offline-fallback",
            unlisted: "Does not fall back to the cached articles, without an alert, when offline"),
          AntiPattern(
            id: "spinner-out-of-order", unlisted: "Shows or hides the spinner out of order, or more than once"),
        ]),
      Exercise(
        id: "1.4", title: "Fan out and in: when, race, after", grade: .practice, points: 20,
        name: "Ex1_4_FanOutFanIn", lessonAnchor: "fan-out-and-in",
        hints: [
          "Start every request before waiting for any: map the articles to promises, then `when(fulfilled:)`.",
          "`when(resolved:)` never rejects; keep the `.success` results in order.",
          "`race(request, after(seconds: timeout).then { Promise<[Article]>(error: TimeoutError(seconds: timeout)) })`.",
        ],
        antiPatterns: [
          AntiPattern(id: "sequential-loop", "Create every promise first"),
          AntiPattern(id: "settle-all-first", "`when(fulfilled:)` rejects as soon as one rejects"),
          AntiPattern(id: "arrival-order", "`when(fulfilled:)` keeps the input order"),
          AntiPattern(id: "fulfilled-then-empty", "When failures should be skipped"),
          AntiPattern(id: "append-in-arrival-order", "`when(resolved:)` keeps the input order too"),
          AntiPattern(id: "no-timeout", "A request that never answers"),
          AntiPattern(id: "failure-swallowed", unlisted: "Does not reject with the failed request's own error"),
          AntiPattern(
            id: "wrong-timeout-error",
            unlisted: "Rejects a slow feed with an error other than `TimeoutError(seconds: timeout)`"),
          AntiPattern(
            id: "fast-feed-lost", unlisted: "Loses the articles or the error of a feed that settles before the timeout"),
          AntiPattern(
            id: "early-timeout",
            unlisted: "Gives up sooner than `timeout` seconds (a timer in milliseconds, or none at all)"),
          AntiPattern(id: "rounded-timeout", unlisted: "Rounds a fractional `timeout` up to whole seconds"),
          AntiPattern(
            id: "another-timer",
            unlisted: "Times the feed with a timer other than `after`, whose length no test can read"),
        ]),
      Exercise(
        id: "1.5", title: "Flatten a pyramid of callbacks", grade: .challenge, points: 30,
        name: "Ex1_5_FlattenPyramid", lessonAnchor: "flatten-a-pyramid",
        hints: [
          "Write the happy path first: validate, reserve, charge, receipt, one `then` each, using the promise versions in `CheckoutBackend+Promises.swift`.",
          "A later step needs an earlier value (the cart's total, the reservation): carry it along with `map { (cart, $0) }`.",
          "Compensate where the pyramid does: release the reservation in a `recover(policy: .allErrors)` on the charge that rethrows (a cancelled charge too); a failed receipt is not a failed checkout.",
        ],
        antiPatterns: [
          AntiPattern(id: "no-failed-event", "Keep every step, compensation and analytics event"),
          AntiPattern(id: "recover-returns-receipt", "Compensate in a `recover` that rethrows"),
          AntiPattern(id: "receipt-failure-fails", "Recover from a tolerated failure locally"),
          AntiPattern(id: "different-result", unlisted: "Ends a path with a result other than the pyramid's"),
          AntiPattern(
            id: "wraps-the-pyramid",
            unlisted: "Wraps `PyramidCheckout.run` in a promise instead of rewriting it as a chain"),
          AntiPattern(id: "fixture", unlisted: "The exercise's file could not be read (not the learner's code)"),
        ]),
      Exercise(
        id: "1.6", title: "Queues: run handlers where they belong", grade: .challenge, points: 30,
        name: "Ex1_6_Queues", lessonAnchor: "queues-and-wait",
        hints: [
          "Every handler method takes `on:`; `map(on: work)` runs the heavy step off the main queue.",
          "`done` runs on the main queue by default, which is where the screen must be updated.",
          "`wait()` on the main queue deadlocks if any handler of that chain needs the main queue: give those handlers another queue, or none.",
        ],
        antiPatterns: [
          AntiPattern(id: "wait-with-map", "`wait()` on the main queue deadlocks"),
          AntiPattern(id: "map-default-queue", "Pass slow work to `map(on: work)`"),
          AntiPattern(id: "done-on-work", "After `map(on: work)`, let `done` go back"),
          AntiPattern(id: "skip-hop-on-main", "Where a chain is made decides nothing"),
          AntiPattern(id: "prepared-not-shown", unlisted: "Shows something other than what `prepare` returned"),
          AntiPattern(id: "wrong-theme", unlisted: "Returns a theme other than the one `store.load()` delivers"),
          AntiPattern(id: "loads-not-once", unlisted: "Loads the settings more than once, or not at all"),
          AntiPattern(
            id: "fixture",
            unlisted: "Not the learner's: the exit test's child process exited with success, which it never does"),
        ]),
      Exercise(
        id: "1.7", title: "Retry with exponential backoff", grade: .interviewHard, points: 40,
        name: "Ex1_7_RetryWithBackoff", lessonAnchor: "retry-with-backoff",
        hints: [
          "Write a nested function `attempt(_ number: Int, delay: TimeInterval) -> Promise<T>` that calls `body()`.",
          "In `recover`, rethrow when the error is not retryable or the attempts are used up; otherwise wait with `after(seconds: delay)`.",
          "Then call `attempt(number + 1, delay: delay * 2)`. `recover` skips cancellations by default, so a cancelled call is never retried.",
        ],
        antiPatterns: [
          AntiPattern(id: "retry-everything", "Retry only when `isRetryable` says so"),
          AntiPattern(id: "all-errors-policy", "Never retry a cancellation"),
          AntiPattern(id: "one-extra-attempt", "`maxAttempts` counts every attempt"),
          AntiPattern(id: "linear-backoff", "Double the delay on every retry"),
          AntiPattern(id: "exhausted-error", "When the attempts are used up"),
          AntiPattern(id: "wrong-value", unlisted: "Fulfills with a value other than the successful call's"),
          AntiPattern(id: "no-initial-delay", unlisted: "Waits less than `initialDelay` before the second attempt"),
          AntiPattern(id: "late-first-wait", unlisted: "Waits longer than `initialDelay` before the second attempt"),
          AntiPattern(
            id: "changed-error", unlisted: "Fails a call that is not retried with an error other than its own"),
          AntiPattern(
            id: "ignores-predicate",
            unlisted: "Retries by what the error says of itself, not by the caller's `isRetryable`"),
        ]),
    ],
    interviewPractice: ["1.1", "1.2", "1.3", "1.4", "1.4", "1.5", "1.6", "1.6", "1.7", "1.5"])
}
