extension Catalog {
  /// Topic 5: delegate-to-`@MainActor` wrappers.
  static let mainActorDelegates = Topic(
    number: 5, module: "MainActorDelegates", title: "Background delegates, @MainActor consumers",
    lessonFile: "05-mainactor-delegates.md",
    exercises: [
      Exercise(
        id: "5.1", title: "The handler: forward to the main actor", grade: .warmUp, points: 10,
        name: "Ex5_1_Handler", lessonAnchor: "the-handler",
        hints: [
          "The delegate method is synchronous and runs on a background queue: it cannot call a `@MainActor` closure directly.",
          "Hop: `Task { @MainActor in didLoadBatch(batch) }`. Never `MainActor.assumeIsolated` (it traps off the main actor) or `DispatchQueue.main.sync` (it deadlocks).",
        ],
        antiPatterns: [
          AntiPattern(id: "wrap-in-assume-isolated", "`MainActor.assumeIsolated` traps"),
          AntiPattern(id: "task-per-callback", "Batches delivered back to back keep their order"),
          AntiPattern(id: "main-sync", "Called on the main queue, `DispatchQueue.main.sync` waits"),
          AntiPattern(id: "sync-unless-on-main", "While the main queue is busy, a delegate method that waits for it"),
          AntiPattern(id: "drops-batches", unlisted: "A batch the loader delivered never reaches `didLoadBatch`"),
          AntiPattern(id: "calls-off-main", unlisted: "`didLoadBatch` called off the main queue"),
          AntiPattern(
            id: "weak-handler",
            unlisted: "A batch handed over before the handler was released never reaches `didLoadBatch`"),
        ]),
      Exercise(
        id: "5.2", title: "The view model keeps its handler alive", grade: .practice, points: 20,
        name: "Ex5_2_ViewModel", lessonAnchor: "the-view-model",
        hints: [
          "The loader holds its delegate weakly: if nothing else holds the handler, it is gone before the first batch.",
          "Store both the handler and the loader in the view model's properties; create the loader with `makeLoader(handler)`.",
          "The handler's closure must capture the view model weakly, or the view model never goes away.",
        ],
        buildsOn: ["5.1"],
        antiPatterns: [
          AntiPattern(id: "default-loader", "`load()` must create the loader with `makeLoader`"),
          AntiPattern(id: "local-handler", "The loader lost batches: it holds its delegate weakly"),
          AntiPattern(id: "strong-self", "The handler's closure captures the view model strongly"),
          AntiPattern(id: "unowned-self", "A view model that goes away while batches are still on their way"),
          AntiPattern(id: "loader-not-kept", "`load()` let its loader go"),
          AntiPattern(
            id: "wrong-images", unlisted: "`images` does not hold every batch's images, in the loader's order"),
        ]),
      Exercise(
        id: "5.3", title: "Keep the batches in order", grade: .challenge, points: 30,
        name: "Ex5_3_Ordering", lessonAnchor: "order",
        hints: [
          "`Task { await didLoadBatch(batch) }` starts on the concurrent pool; tasks race to the main actor and can arrive out of order.",
          "Feed one `AsyncStream` and consume it with one task on the main actor: one consumer, one order.",
        ],
        antiPatterns: [
          AntiPattern(id: "task-per-callback", "A thousand batches delivered back to back must arrive in order"),
          AntiPattern(id: "newest-only", "Every batch arrives, on the main actor"),
          AntiPattern(id: "consumer-captures-handler", "The handler goes away, and its consumer with it"),
        ]),
      Exercise(
        id: "5.4", title: "Delegate to stream", grade: .challenge, points: 30,
        name: "Ex5_4_DelegateToStream", lessonAnchor: "delegate-to-stream",
        hints: [
          "Make a small delegate object that yields each batch into a continuation and finishes on `imageLoaderDidFinish`.",
          "The loader holds its delegate weakly: keep the delegate alive from the stream's `onTermination` closure.",
          "In `onTermination`, stop the loader: a consumer that stops should stop the work.",
        ],
        antiPatterns: [
          AntiPattern(id: "unretained-delegate", "The loader lost batches: it holds its delegate weakly"),
          AntiPattern(id: "no-finish", "The stream never finished"),
          AntiPattern(id: "no-stop", "The consumer stopped, but the loader goes on"),
          AntiPattern(
            id: "unfolding-batches", "A consumer that stops must end its loop",
            // An unfolding stream's cancel handler hears nothing of a `break`: the loader goes on.
            implies: ["no-stop"]),
          AntiPattern(id: "replace-images", "Append each batch, with `for await`"),
          AntiPattern(
            id: "wrong-batches", unlisted: "The stream does not yield the loader's batches, every one, in order"),
        ]),
      Exercise(
        id: "5.5", title: "Swift 6 clean", grade: .interviewHard, points: 40,
        name: "Ex5_5_Swift6Clean", lessonAnchor: "swift-6-clean",
        hints: [
          "Every `@unchecked Sendable`, `nonisolated(unsafe)` and `assumeIsolated` in the file is a promise the compiler cannot check. Remove them.",
          "Make the handler immutable: a `let` closure that is `@MainActor @Sendable`, and hop with `Task { @MainActor in }`.",
          "The view model's state then only ever changes on the main actor, so it needs nothing unchecked.",
        ],
        kind: .review,
        antiPatterns: [
          AntiPattern(
            id: "unchecked-handler",
            "Any of `@unchecked Sendable`, `nonisolated(unsafe)`, `assumeIsolated` or `@preconcurrency`"),
          AntiPattern(id: "isolated-conformance", "Every batch lands in `images`, on the main actor, in order"),
          AntiPattern(
            id: "handler-set-late", unlisted: "A batch delivered before the handler has its closure is lost",
            implies: ["isolated-conformance"]),
          AntiPattern(id: "strong-self", "The handler's closure captures the model strongly"),
          AntiPattern(id: "unowned-self", "The closure captures the model `unowned`"),
          AntiPattern(id: "loader-not-kept", unlisted: "The model lets go of a loader that needs an owner"),
        ]),
      Exercise(
        id: "5.6", title: "Many callers, one answer", grade: .challenge, points: 30,
        name: "Ex5_6_ManyCallers", lessonAnchor: "many-callers-one-answer",
        hints: [
          "The center calls its delegate once, however many callers asked while its prompt was showing: keep every caller's continuation in an array, not one in an optional.",
          "In the delegate method, take the array and empty it first, then resume each continuation with the answer: once each.",
          "The class is `@MainActor`, like the delegate call, and `withCheckedContinuation`'s body runs at once in the caller's isolation: append there, then call `center.requestAccess()`.",
        ],
        antiPatterns: [
          AntiPattern(id: "one-continuation", "One stored continuation: a second call overwrites it"),
          AntiPattern(id: "one-per-answer", "Resuming one caller per answer"),
          AntiPattern(id: "never-emptied", "A list that is never emptied"),
          AntiPattern(id: "cached-answer", "The first answer kept as a cache"),
          AntiPattern(id: "resume-in-task", "Resuming later, from a `Task`"),
          AntiPattern(id: "busy-denied", "A second caller turned away with a default"),
          AntiPattern(id: "never-asks-center", unlisted: "`requestAccess()` never calls `center.requestAccess()`"),
          // A caller never resumed also leaves the two overlapping callers, and the second request, waiting.
          AntiPattern(
            id: "never-resumes", unlisted: "A caller's continuation never resumed from the delegate method",
            implies: [
              "one-continuation", "one-per-answer", "cached-answer", AntiPattern.neverFinished,
              AntiPattern.leakedContinuation,
            ]),
          // One caller resumed twice by one answer traps again when a later answer comes.
          AntiPattern(
            id: "double-resume", unlisted: "A caller's continuation resumed more than once",
            implies: ["never-emptied", AntiPattern.resumedTwice]),
          AntiPattern(
            id: "returns-other-answer", unlisted: "Returns an answer other than the one the delegate method hears"),
        ]),
    ],
    interviewPractice: ["5.2", "5.1", "5.2", "5.1", "5.3", "5.4", "5.5", "5.5", "5.5"])
}
