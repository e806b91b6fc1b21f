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
          AntiPattern(
            "The callback's error is thrown, not swallowed",
            wrongAnswers: ["swallow-error"]),
          AntiPattern(
            "Pass `refresh` on as `forceRefresh`",
            wrongAnswers: ["always-force-refresh", "retry-once"]),
          AntiPattern(
            "A callback that comes late, from a background thread",
            wrongAnswers: ["semaphore-timeout"]),
          AntiPattern(
            "Resume where the callback arrives",
            wrongAnswers: ["main-queue-hop"]),
          AntiPattern(
            "The continuation is checked",
            wrongAnswers: ["unsafe-continuation"]),
          AntiPattern(
            "One resume on the success path and one on the failure path",
            wrongAnswers: ["drop-failure"]),
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
            "A chain with only `.done` never resumes",
            wrongAnswers: ["done-only"]),
          AntiPattern(
            "`catch` skips cancellations by default",
            wrongAnswers: ["default-catch-policy"]),
          AntiPattern(
            "Throw the promise's own error",
            wrongAnswers: ["generic-error"]),
          AntiPattern(
            "Resume where the promise settles",
            wrongAnswers: ["main-queue-handlers"]),
          AntiPattern(
            "One resume whether the promise fulfills",
            wrongAnswers: ["two-catches"]),
          AntiPattern("The continuation is checked", wrongAnswers: ["unsafe-continuation"]),
        ]),
      Exercise(
        id: "3.3", title: "The (value?, error?) convention", grade: .practice, points: 20,
        name: "Ex3_3_ValueOrErrorAdapter", lessonAnchor: "the-value-error-convention",
        hints: [
          "There are four cases: value, error, both, neither. Each must resume exactly once.",
          "An error wins over a value; neither resumes by throwing `NeitherValueNorError()`.",
        ],
        antiPatterns: [
          AntiPattern(
            "An if/else-if on the two optionals",
            wrongAnswers: ["if-else-if"]),
          AntiPattern(
            "When both come, the error wins",
            wrongAnswers: ["value-first", "neither-bad-request"]),
          AntiPattern(
            "Each of the four cases resumes exactly once",
            wrongAnswers: ["two-ifs", "force-unwrap-error"]),
        ]),
      Exercise(
        id: "3.4", title: "A source that calls back twice", grade: .challenge, points: 30,
        name: "Ex3_4_DoubleCallbackAdapter", lessonAnchor: "a-source-that-calls-back-twice",
        hints: [
          "Resume on the first callback and ignore the rest: you need a flag that says whether you have resumed.",
          "The two callbacks can come from two threads at once, so the flag must be taken under a lock.",
          "Keep the continuation in a `Locked<CheckedContinuation<Location, any Error>?>` and `take()` it: whoever gets it resumes.",
        ],
        antiPatterns: [
          AntiPattern(
            "A second callback resumes a second time",
            wrongAnswers: ["resume-every-callback", "wait-for-fresh-fix"]),
          AntiPattern(
            "An error followed by a value",
            wrongAnswers: ["wait-for-a-value"]),
          AntiPattern(
            "Two simultaneous callbacks",
            wrongAnswers: ["didresume-flag", "nonisolated-unsafe-flag"]),
          AntiPattern(
            "An unsafe continuation, chosen so that a second callback cannot trap",
            wrongAnswers: ["unsafe-continuation"]),
        ]),
      Exercise(
        id: "3.5", title: "Cancellation", grade: .challenge, points: 30,
        name: "Ex3_5_CancellationAdapter", lessonAnchor: "cancellation",
        hints: [
          "`withTaskCancellationHandler { ... } onCancel: { ... }`: the operation starts the download, onCancel cancels it.",
          "onCancel can run before the download starts, at the same time as the completion, or after it: keep the task and the continuation behind one lock.",
          "Resume from whichever comes first, the completion or the cancel, and throw `CancellationError()` when the task was cancelled.",
        ],
        antiPatterns: [
          AntiPattern(
            "The download kept running",
            wrongAnswers: ["no-cancellation-handler"]),
          AntiPattern(
            "This downloader stays silent after a cancel",
            wrongAnswers: ["cancel-without-resume"]),
          AntiPattern(
            "`onCancel` runs at once, before the operation",
            wrongAnswers: ["no-early-cancel-check"]),
          AntiPattern(
            "A cancel that comes while the download is starting",
            wrongAnswers: ["cancel-before-task-known"]),
          AntiPattern(
            "A cancelled load throws `CancellationError`, once",
            wrongAnswers: ["both-resume", "legacy-cancelled-error"]),
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
          AntiPattern(
            "Load once, with `refresh: false`",
            wrongAnswers: ["refresh-true", "reload-while-loading"]),
          AntiPattern(
            "A failed load calls `handleApiError(error:)`",
            wrongAnswers: ["wrapped-error", "clears-articles"]),
          AntiPattern(
            "Store the `Task`",
            wrongAnswers: ["task-not-stored"]),
          AntiPattern(
            "Set `articles` before you call `reloadList()`",
            wrongAnswers: ["reload-before-set"]),
          AntiPattern(
            "A strong reference to the view",
            wrongAnswers: ["strong-view"]),
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
          AntiPattern(
            "**An unsafe continuation used to silence a warning.**",
            wrongAnswers: ["keeps-unsafe"]),
          AntiPattern(
            "**The bridge copied into two call sites.**",
            wrongAnswers: ["keeps-presenter-copy", "keeps-widget-shared"]),
          AntiPattern(
            "**`.done` without `.catch`.**",
            wrongAnswers: ["keeps-done-only"]),
          AntiPattern(
            "**UI state touched inside the continuation's closure.**",
            wrongAnswers: ["keeps-spinner-in-closure"]),
          AntiPattern(
            "**A repeating source wrapped in a continuation.**",
            wrongAnswers: ["keeps-progress-continuation", "stream-never-finishes"]),
        ]),
    ],
    interviewPractice: ["3.6", "3.4", "3.2", "3.7", "3.3", "3.7", "3.4", "3.1", "3.7", "3.5"])
}
