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
          "The model is `@MainActor`: after every `await`, it is back on the main actor, so it may set its properties freely.",
        ]),
      Exercise(
        id: "6.2", title: "Source 1: the promise singleton", grade: .practice, points: 20,
        name: "Ex6_2_ArticleSource", lessonAnchor: "one-source-at-a-time",
        hints: [
          "This is exercise 3.2 again, behind the dashboard's boundary: resume from `.done` and from `.catch`.",
          "`.catch(policy: .allErrors)`: a cancelled request must not leave the screen waiting.",
        ]),
      Exercise(
        id: "6.3", title: "Source 2: the completion-handler service", grade: .practice, points: 20,
        name: "Ex6_3_ProfileSource", lessonAnchor: "one-source-at-a-time",
        hints: [
          "The `(profile?, error?)` convention: four cases, one resume each (exercise 3.3).",
          "Neither a profile nor an error throws `NeitherValueNorError()`.",
        ]),
      Exercise(
        id: "6.4", title: "Source 3: the progress callback", grade: .challenge, points: 30,
        name: "Ex6_4_SyncSource", lessonAnchor: "one-source-at-a-time",
        hints: [
          "A repeating source is a stream (topic 4): make a download with `makeDownload()` inside the stream's closure.",
          "Yield every progress value, finish on completion, cancel the download in `onTermination`.",
        ]),
      Exercise(
        id: "6.5", title: "Source 4: the background delegate", grade: .challenge, points: 30,
        name: "Ex6_5_GallerySource", lessonAnchor: "one-source-at-a-time",
        hints: [
          "A delegate object that yields each batch and finishes when the loader does (exercise 5.4).",
          "The loader holds its delegate weakly: keep it alive from the stream's `onTermination`, and stop the loader there.",
        ]),
      Exercise(
        id: "6.6", title: "Wire the live screen, and leave the old one working", grade: .interviewHard, points: 40,
        name: "Ex6_6_LiveDashboard", lessonAnchor: "wire-the-live-screen",
        hints: [
          "`liveDashboardSources` builds `DashboardSources` from your four adapters; nothing else changes.",
          "The model from 6.1 already does the rest: the same code that passed with stubs now runs on the legacy services.",
          "The legacy presenter is untouched: it still compiles and still works beside the new screen.",
        ],
        buildsOn: ["6.1", "6.2", "6.3", "6.4", "6.5"]),
    ],
    interviewPractice: ["6.1", "6.1", "6.5", "6.1", "6.1", "6.4", "6.6"])
}
