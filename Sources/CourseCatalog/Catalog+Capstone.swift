extension Catalog {
  /// Topic 6: the capstone, one legacy screen migrated end to end.
  static let capstone = Topic(
    number: 6, module: "Capstone", title: "Capstone: migrate a screen end to end", lessonFile: "06-capstone.md",
    exercises: [
      Exercise(
        id: "6.1", title: "Screen-level tests first: the model on the new boundary", grade: .practice, points: 20,
        name: "Ex6_1_DashboardModel", lessonAnchor: "screen-level-tests-first",
        hints: [
          "`load()` asks for the profile and the articles at once (`async let`), then reads both streams to their end.",
          "A failed source adds a sentence to `errors` and leaves its part of the screen as it was; the others still load.",
          "The model is `@MainActor`: after every `await` it is back on the main actor and may set its properties, but a newer `load()` may have run meanwhile: number the calls, and draw only for the newest.",
        ],
        antiPatterns: [
          AntiPattern("The two requests ran one after the other", wrongAnswers: ["sequential-requests"]),
          AntiPattern(
            "One failed source blanks the screen, or is not reported", wrongAnswers: ["one-do", "unnamed-error"]),
          AntiPattern("A failed source is shown as if it had answered", wrongAnswers: ["guest-greeting"]),
          AntiPattern("A reload that fails blanks what the screen showed", wrongAnswers: ["blank-on-reload"]),
          AntiPattern(
            "A reload overlapped a slower load, and the older answer landed last",
            wrongAnswers: ["older-answer-lands-last", "reload-waits"]),
          AntiPattern(
            "An earlier load's failure that arrives after a reload still reaches `errors`",
            wrongAnswers: ["late-failure-reported"]),
          AntiPattern("After a reload, the gallery shows every image twice", wrongAnswers: ["gallery-twice"]),
          AntiPattern("The sync's stream or the gallery's is not read to its end", wrongAnswers: ["replace-images"]),
          AntiPattern("`load()` returns before the data is in", wrongAnswers: ["loops-in-tasks"]),
        ]),
      Exercise(
        id: "6.2", title: "Source 1: the promise singleton", grade: .practice, points: 20,
        name: "Ex6_2_ArticleSource", lessonAnchor: "one-source-at-a-time",
        hints: [
          "This is exercise 3.2 again, behind the dashboard's boundary: resume from `.done` and from `.catch`.",
          "`.catch(policy: .allErrors)`: a cancelled request must not leave the screen waiting.",
        ],
        antiPatterns: [
          AntiPattern(
            "6.2: a rejected or a cancelled promise must still resume the task",
            wrongAnswers: ["done-only", "default-catch-policy"]),
          AntiPattern(
            "6.2: a failure is thrown as the promise's own error", wrongAnswers: ["empty-on-error", "own-error"]),
          AntiPattern(
            "6.2: the source calls the cloud it was given", wrongAnswers: ["shared-cloud", "never-refresh"]),
        ]),
      Exercise(
        id: "6.3", title: "Source 2: the completion-handler service", grade: .practice, points: 20,
        name: "Ex6_3_ProfileSource", lessonAnchor: "one-source-at-a-time",
        hints: [
          "The `(profile?, error?)` convention: four cases, one resume each (exercise 3.3).",
          "Neither a profile nor an error throws `NeitherValueNorError()`.",
        ],
        antiPatterns: [
          AntiPattern(
            "6.3: `(nil, nil)` must throw `NeitherValueNorError`",
            wrongAnswers: ["if-else-if", "guest-on-neither", "value-first"]),
          AntiPattern("6.3: one resume per callback", wrongAnswers: ["two-ifs"]),
          AntiPattern(
            "6.3: the profile asked for comes from the service the source was given",
            wrongAnswers: ["signed-in-user", "new-service"]),
        ]),
      Exercise(
        id: "6.4", title: "Source 3: the progress callback", grade: .challenge, points: 30,
        name: "Ex6_4_SyncSource", lessonAnchor: "one-source-at-a-time",
        hints: [
          "A repeating source is a stream (topic 4): make a download with `makeDownload()` inside the stream's closure.",
          "Yield every progress value, finish on completion, cancel the download in `onTermination`.",
        ],
        antiPatterns: [
          AntiPattern(
            "6.4: each sync starts a download of its own",
            wrongAnswers: ["one-download", "finish-on-success-only", "no-finish"]),
          AntiPattern("6.4: values reported back to back arrive in order", wrongAnswers: ["task-per-value"]),
          AntiPattern("6.4: a consumer that starts late still gets every value", wrongAnswers: ["newest-only"]),
          AntiPattern("6.4: a consumer that stops cancels the download", wrongAnswers: ["no-cancel"]),
        ]),
      Exercise(
        id: "6.5", title: "Source 4: the background delegate", grade: .challenge, points: 30,
        name: "Ex6_5_GallerySource", lessonAnchor: "one-source-at-a-time",
        hints: [
          "A delegate object that yields each batch and finishes when the loader does (exercise 5.4).",
          "The loader holds its delegate weakly: keep it alive from the stream's `onTermination`, and stop the loader there.",
        ],
        antiPatterns: [
          AntiPattern(
            "6.5: no batch may be lost to the weak delegate",
            wrongAnswers: ["unretained-delegate", "no-finish", "task-per-batch"]),
          AntiPattern("6.5: each gallery makes its loader with `makeLoader`", wrongAnswers: ["default-loader"]),
          AntiPattern("6.5: a consumer that starts late still gets every batch", wrongAnswers: ["newest-only"]),
          AntiPattern("6.5: a consumer that stops stops the loader", wrongAnswers: ["no-stop"]),
          AntiPattern("6.5: each call of `gallery()` makes a loader of its own", wrongAnswers: ["one-loader"]),
        ]),
      Exercise(
        id: "6.6", title: "Wire the live screen, and leave the old one working", grade: .interviewHard, points: 40,
        name: "Ex6_6_LiveDashboard", lessonAnchor: "wire-the-live-screen",
        hints: [
          "`liveDashboardSources` builds `DashboardSources` from your four adapters; nothing else changes.",
          "The model from 6.1 already does the rest: the same code that passed with stubs now runs on the legacy services.",
          "The legacy presenter is untouched: it still compiles and still works beside the new screen.",
        ],
        buildsOn: ["6.1", "6.2", "6.3", "6.4", "6.5"],
        antiPatterns: [
          AntiPattern(
            "`liveDashboardSources` returns the four adapters",
            wrongAnswers: ["shared-cloud", "new-profile-service", "default-download", "default-loader"])
        ]),
    ],
    interviewPractice: ["6.1", "6.1", "6.5", "6.1", "6.1", "6.4", "6.6"])
}
