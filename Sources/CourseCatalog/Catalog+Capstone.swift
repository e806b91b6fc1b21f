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
          AntiPattern(id: "refresh-on-load", unlisted: "The articles are not read from the cache, once a load"),
          AntiPattern(id: "sequential-requests", "The two requests ran one after the other"),
          AntiPattern(id: "one-do", "One failed source blanks the screen, or is not reported"),
          AntiPattern(id: "guest-greeting", "A failed source is shown as if it had answered"),
          AntiPattern(id: "blank-on-reload", "A reload that fails blanks what the screen showed"),
          AntiPattern(
            id: "older-answer-lands-last", "A reload overlapped a slower load, and the older answer landed last"),
          AntiPattern(
            id: "late-failure-reported", "An earlier load's failure that arrives after a reload still reaches `errors`"),
          AntiPattern(id: "gallery-twice", "After a reload, the gallery shows every image twice"),
          AntiPattern(id: "replace-images", "The sync's stream or the gallery's is not read to its end"),
          AntiPattern(id: "loops-in-tasks", "`load()` returns before the data is in"),
          AntiPattern(id: "wrong-greeting", unlisted: "The greeting is not \"Hello, \" and the profile's name"),
          AntiPattern(id: "wrong-headlines", unlisted: "The headlines are not the published titles, in order"),
          // A sentence with no failure behind it is also one too many in a load where one source failed, and
          // one left over in a reload that answered.
          AntiPattern(
            id: "error-without-failure", unlisted: "Reports an error though every source answered",
            implies: ["one-do", "errors-kept"]),
          AntiPattern(id: "wrong-user", unlisted: "Loads the profile of another user than the model's"),
          AntiPattern(id: "errors-kept", unlisted: "A reload keeps the errors of the load before it"),
        ]),
      Exercise(
        id: "6.2", title: "Source 1: the promise singleton", grade: .practice, points: 20,
        name: "Ex6_2_ArticleSource", lessonAnchor: "one-source-at-a-time",
        hints: [
          "This is exercise 3.2 again, behind the dashboard's boundary: resume from `.done` and from `.catch`.",
          "`.catch(policy: .allErrors)`: a cancelled request must not leave the screen waiting.",
        ],
        antiPatterns: [
          AntiPattern(id: "done-only", "6.2: a rejected or a cancelled promise must still resume the task"),
          AntiPattern(id: "empty-on-error", "6.2: a failure is thrown as the promise's own error"),
          AntiPattern(id: "shared-cloud", "6.2: the source calls the cloud it was given"),
          AntiPattern(id: "two-catches", "6.2: every way the promise settles resumes the task exactly once"),
          AntiPattern(id: "other-articles", unlisted: "Returns articles other than the fulfilled promise's"),
        ]),
      Exercise(
        id: "6.3", title: "Source 2: the completion-handler service", grade: .practice, points: 20,
        name: "Ex6_3_ProfileSource", lessonAnchor: "one-source-at-a-time",
        hints: [
          "The `(profile?, error?)` convention: four cases, one resume each (exercise 3.3).",
          "Neither a profile nor an error throws `NeitherValueNorError()`.",
        ],
        antiPatterns: [
          AntiPattern(id: "if-else-if", "6.3: `(nil, nil)` must throw `NeitherValueNorError`"),
          AntiPattern(id: "two-ifs", "6.3: one resume per callback"),
          AntiPattern(id: "signed-in-user", "6.3: the profile asked for comes from the service the source was given"),
          AntiPattern(id: "profile-not-returned", unlisted: "A profile and no error does not return that profile"),
          AntiPattern(id: "error-not-thrown", unlisted: "An error and no profile does not throw that error"),
        ]),
      Exercise(
        id: "6.4", title: "Source 3: the progress callback", grade: .challenge, points: 30,
        name: "Ex6_4_SyncSource", lessonAnchor: "one-source-at-a-time",
        hints: [
          "A repeating source is a stream (topic 4): make a download with `makeDownload()` inside the stream's closure.",
          "Yield every progress value, finish on completion, cancel the download in `onTermination`.",
        ],
        antiPatterns: [
          AntiPattern(id: "one-download", "6.4: each sync starts a download of its own"),
          AntiPattern(id: "task-per-value", "6.4: values reported back to back arrive in order"),
          AntiPattern(id: "newest-only", "6.4: a consumer that starts late still gets every value"),
          AntiPattern(id: "no-cancel", "6.4: a consumer that stops cancels the download"),
        ]),
      Exercise(
        id: "6.5", title: "Source 4: the background delegate", grade: .challenge, points: 30,
        name: "Ex6_5_GallerySource", lessonAnchor: "one-source-at-a-time",
        hints: [
          "A delegate object that yields each batch and finishes when the loader does (exercise 5.4).",
          "The loader holds its delegate weakly: keep it alive from the stream's `onTermination`, and stop the loader there.",
        ],
        antiPatterns: [
          AntiPattern(id: "unretained-delegate", "6.5: no batch may be lost to the weak delegate"),
          AntiPattern(id: "default-loader", "6.5: each gallery makes its loader with `makeLoader`"),
          AntiPattern(id: "newest-only", "6.5: a consumer that starts late still gets every batch"),
          AntiPattern(id: "no-stop", "6.5: a consumer that stops stops the loader"),
          AntiPattern(id: "one-loader", "6.5: each call of `gallery()` makes a loader of its own"),
          AntiPattern(id: "loader-not-kept", unlisted: "6.5: the stream lets go of a loader that needs an owner"),
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
          AntiPattern(id: "shared-cloud", "`liveDashboardSources` returns the four adapters"),
          AntiPattern(id: "download-made-once", "A download, or a loader, made once"),
        ]),
    ],
    interviewPractice: ["6.1", "6.1", "6.5", "6.1", "6.1", "6.4", "6.6"])
}
