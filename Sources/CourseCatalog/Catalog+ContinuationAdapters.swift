extension Catalog {
  /// Topic 3: checked-continuation adapters.
  static let continuationAdapters = Topic(
    number: 3, module: "ContinuationAdapters", title: "Checked-continuation adapters",
    lessonFile: "03-continuation-adapters.md",
    exercises: [
      Exercise(
        id: "3.1", title: "Completion handler to async throws", grade: .warmUp, points: 10,
        name: "Ex3_1_CompletionHandlerAdapter", lessonAnchor: "one-adapter-per-data-source",
        hints: [
          "Wrap the call in `try await withCheckedThrowingContinuation { continuation in ... }`.",
          "The callback hands you a `Result`: `continuation.resume(with: result)` resumes on both paths at once.",
        ],
        antiPatterns: [
          AntiPattern(id: "swallow-error", "The callback's error is thrown, not swallowed"),
          AntiPattern(id: "always-force-refresh", "Pass `refresh` on as `forceRefresh`"),
          AntiPattern(id: "semaphore-timeout", "A callback that comes late, from a background thread"),
          AntiPattern(id: "main-queue-hop", "Resume where the callback arrives"),
          AntiPattern(id: "unsafe-continuation", "The continuation is checked"),
          AntiPattern(id: "drop-failure", "One resume on the success path and one on the failure path"),
          AntiPattern(id: "other-articles", unlisted: "Returns articles other than the callback's"),
        ]),
      Exercise(
        id: "3.2", title: "Promise to async throws", grade: .practice, points: 20,
        name: "Ex3_2_PromiseAdapter", lessonAnchor: "from-a-promise",
        hints: [
          "Inside the continuation, chain on `cloud.getArticles(forceRefresh:)`: resume from `.done`, and from `.catch`.",
          "A chain with only `.done` never resumes on failure, and the awaiting task hangs forever.",
          "`catch` skips cancellations by default: `.catch(policy: .allErrors)`, or a cancelled request hangs too.",
        ],
        antiPatterns: [
          AntiPattern(
            id: "done-only", "A chain with only `.done` never resumes",
            // A cancellation is a rejection: a chain with no `catch` never resumes on it either.
            implies: ["default-catch-policy"]),
          AntiPattern(id: "default-catch-policy", "`catch` skips cancellations by default"),
          AntiPattern(id: "generic-error", "Throw the promise's own error"),
          AntiPattern(id: "main-queue-handlers", "Resume where the promise settles"),
          AntiPattern(id: "two-catches", "One resume whether the promise fulfills"),
          AntiPattern(id: "unsafe-continuation", "The continuation is checked"),
          AntiPattern(id: "other-articles", unlisted: "Returns articles other than the fulfilled promise's"),
          AntiPattern(id: "refresh-not-passed", unlisted: "Does not pass `refresh` on as `forceRefresh`, in one call"),
          AntiPattern(id: "swallow-error", unlisted: "Returns, not throws, when the promise rejects or is cancelled"),
        ]),
      Exercise(
        id: "3.3", title: "The (value?, error?) convention", grade: .practice, points: 20,
        name: "Ex3_3_ValueOrErrorAdapter", lessonAnchor: "the-value-error-convention",
        hints: [
          "There are four cases: value, error, both, neither. Each must resume exactly once.",
          "An error wins over a value; neither resumes by throwing `NeitherValueNorError()`.",
        ],
        antiPatterns: [
          AntiPattern(id: "if-else-if", "An if/else-if on the two optionals"),
          AntiPattern(id: "value-first", "When both come, the error wins"),
          AntiPattern(id: "two-ifs", "Each of the four cases resumes exactly once"),
          AntiPattern(id: "value-not-returned", unlisted: "A profile and no error does not return the profile"),
          AntiPattern(id: "wrong-profile-id", unlisted: "Asks for another user, or twice, or returns another profile"),
          AntiPattern(id: "error-not-thrown", unlisted: "An error and no profile does not throw that error"),
          AntiPattern(
            id: "neither-other-error", unlisted: "`(nil, nil)` throws an error other than `NeitherValueNorError`"),
        ]),
      Exercise(
        id: "3.4", title: "A source that calls back twice", grade: .challenge, points: 30,
        name: "Ex3_4_DoubleCallbackAdapter", lessonAnchor: "a-source-that-calls-back-twice",
        hints: [
          "Resume on the first callback and ignore the rest: you need a flag that says whether you have resumed.",
          "The two callbacks can come from two threads at once, so the flag must be taken under a lock.",
          "Keep the continuation in a `Locked<CheckedContinuation<Location, any Error>?>` and `take()` it: whoever gets it resumes.",
        ],
        raceTests: ["concurrentCallbacks()"],
        antiPatterns: [
          AntiPattern(id: "resume-every-callback", "A second callback resumes a second time"),
          AntiPattern(id: "wait-for-a-value", "An error followed by a value"),
          AntiPattern(id: "didresume-flag", "Two simultaneous callbacks"),
          AntiPattern(
            id: "unsafe-continuation", "An unsafe continuation, chosen so that a second callback cannot trap"),
          AntiPattern(id: "other-location", unlisted: "A single callback does not return its location"),
        ]),
      Exercise(
        id: "3.5", title: "Cancellation", grade: .challenge, points: 30,
        name: "Ex3_5_CancellationAdapter", lessonAnchor: "cancellation",
        hints: [
          "`withTaskCancellationHandler { ... } onCancel: { ... }`: the operation starts the download, onCancel cancels it.",
          "onCancel can run before the download starts, at the same time as the completion, or after it: keep the task and the continuation behind one lock.",
          "Resume from whichever comes first, the completion or the cancel, and throw `CancellationError()` when the task was cancelled.",
        ],
        raceTests: ["cancelRacingCompletion()"],
        antiPatterns: [
          AntiPattern(id: "no-cancellation-handler", "The download kept running"),
          AntiPattern(id: "cancel-without-resume", "This downloader stays silent after a cancel"),
          AntiPattern(id: "no-early-cancel-check", "`onCancel` runs at once, before the operation"),
          AntiPattern(id: "cancel-before-task-known", "A cancel that comes while the download is starting"),
          AntiPattern(id: "both-resume", "A cancelled load throws `CancellationError`, once"),
          AntiPattern(
            id: "neither-resumes", unlisted: "The completion and the cancel each leave the resume to the other"),
          AntiPattern(id: "thumbnail-not-returned", unlisted: "An uncancelled download does not return its thumbnail"),
          AntiPattern(id: "download-error-replaced", unlisted: "A failed download throws another error than its own"),
          AntiPattern(
            id: "another-download-cancelled",
            unlisted: "A cancel reaches another load's download of the same thumbnail, and not its own"),
        ]),
      Exercise(
        id: "3.6", title: "The presenter on the main actor", grade: .challenge, points: 30,
        name: "Ex3_6_Presenter", lessonAnchor: "the-presenter",
        hints: [
          "`onViewDidLoad()` starts `Task { ... }`; store it in `loading` so that tests (and callers) can await it.",
          "The task inherits the main actor: `articles = try await repository.latest(refresh: false)` then `view?.reloadList()`.",
          "On failure, call `view?.handleApiError(error:)` and leave `articles` as it was.",
        ],
        antiPatterns: [
          AntiPattern(id: "refresh-true", "Load once, with `refresh: false`"),
          AntiPattern(id: "wrapped-error", "A failed load calls `handleApiError(error:)`"),
          AntiPattern(id: "task-not-stored", "Store the `Task`"),
          AntiPattern(id: "reload-before-set", "Set `articles` before you call `reloadList()`"),
          AntiPattern(id: "strong-view", "A strong reference to the view"),
          AntiPattern(id: "load-never-finishes", unlisted: "The task `onViewDidLoad()` starts never finishes"),
          AntiPattern(id: "other-articles", unlisted: "Shows articles other than the repository's"),
          AntiPattern(
            id: "reload-not-once", unlisted: "Does not reload the list once, on the main actor, after each good load"),
        ]),
      Exercise(
        id: "3.7", title: "Review and fix an adapter", grade: .interviewHard, points: 40,
        name: "Ex3_7_ReviewAndFix", lessonAnchor: "review-checklist",
        hints: [
          "Each type in the file has one anti-pattern from the lesson's review checklist; the failing tests name them.",
          "Checked, not unsafe; `.catch` as well as `.done`; UI after `await`, on the main actor; one bridge, used everywhere.",
          "A source that calls back many times needs `AsyncStream`: yield each progress value, finish on completion.",
        ],
        kind: .review,
        antiPatterns: [
          AntiPattern(id: "keeps-unsafe", "**An unsafe continuation used to silence a warning.**"),
          AntiPattern(id: "keeps-presenter-copy", "**The bridge copied into two call sites.**"),
          AntiPattern(id: "keeps-done-only", "**`.done` without `.catch`.**"),
          AntiPattern(id: "keeps-spinner-in-closure", "**UI state touched inside the continuation's closure.**"),
          AntiPattern(id: "keeps-progress-continuation", "**A repeating source wrapped in a continuation.**"),
          AntiPattern(id: "swallow-error", unlisted: "A failed or cancelled request returns instead of throwing"),
          AntiPattern(id: "other-articles", unlisted: "A refresh shows articles other than the cloud's"),
          AntiPattern(id: "clears-articles", unlisted: "A failed refresh drops the articles already shown"),
          AntiPattern(id: "fixture", unlisted: "The exercise's file could not be read (not the learner's code)"),
          AntiPattern(
            id: "widget-headlines", unlisted: "The widget no longer shows the first three headlines, in order"),
          AntiPattern(id: "progress-failure-hangs", unlisted: "The progress stream never ends when the download fails"),
          AntiPattern(
            id: "progress-values-lost",
            unlisted: "The progress stream drops or reorders values the bar has not read yet"),
          AntiPattern(
            id: "refresh-flags",
            unlisted: "A type no longer does with `refresh` what it did: passes it on, asks fresh, reads the cache"),
        ]),
    ],
    interviewPractice: ["3.6", "3.4", "3.2", "3.7", "3.3", "3.7", "3.4", "3.1", "3.7", "3.5"])
}
