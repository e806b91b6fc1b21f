extension Catalog {
  /// Topic 8: the Swift 6 language mode, graded by the compiler's own diagnostics and by what the
  /// migrated code still does.
  static let strictConcurrency = Topic(
    number: 8, module: "StrictConcurrency", title: "The Swift 6 language mode",
    lessonFile: "08-the-swift-6-language-mode.md",
    exercises: [
      Exercise(
        id: "8.1", title: "Global mutable state: say who may touch it", grade: .warmUp, points: 10,
        name: "Ex8_1_GlobalState", lessonAnchor: "global-mutable-state",
        hints: [
          "Ask of each global who touches it. Nobody writes `retryLimit` after launch: a `let` is all it needs.",
          "Only screens touch `appearance`, and screens live on the main actor: `@MainActor var` says so, and the compiler then keeps every other caller out.",
          "Every thread counts requests, synchronously: `let requestsCounted = Mutex(0)` (import `Synchronization`), and `withLock` around each read and each change.",
        ],
        kind: .review, swift6: Swift6Grading(),
        antiPatterns: [
          AntiPattern(
            id: "global-mutable-state", "A global `var` that any thread can reach", implies: ["count-not-shared"]),
          AntiPattern(
            id: "nonisolated-unsafe", "`nonisolated(unsafe)` to silence the compiler", implies: ["count-not-shared"]),
          AntiPattern(
            id: "unchecked-sendable", "A box marked `@unchecked Sendable` around the state",
            implies: ["count-not-shared"]),
          AntiPattern(id: "count-not-shared", "A count that is not one shared value"),
          AntiPattern(id: "wrong-value", unlisted: "A global that no longer holds the value it should"),
        ]),
      Exercise(
        id: "8.2", title: "A value sent across isolation", grade: .practice, points: 20,
        name: "Ex8_2_SendingValues", lessonAnchor: "a-value-sent-across-isolation",
        hints: [
          "The screen's `report` belongs to the main actor; `printer.print(report)` would hand the same object to the printer's actor while the screen goes on editing it.",
          "A struct of `Sendable` values is `Sendable`: whoever receives one gets a copy. Or keep the class and send a fresh one: `Report(lines: report.lines)`, which nothing else holds.",
          "A value you send is no longer yours: `summaries.append(summary)` after `await printer.print(summary)` uses it again. Keep your own copy, or make `Report` a value.",
        ],
        kind: .review, swift6: Swift6Grading(),
        antiPatterns: [
          AntiPattern(id: "sent-then-used", "Sending a value this code still holds"),
          AntiPattern(id: "unchecked-sendable", "Marking the class `@unchecked Sendable`"),
          AntiPattern(id: "nonisolated-unsafe", "`nonisolated(unsafe)` on the value sent"),
          AntiPattern(id: "printing-on-main-actor", "Moving the printer onto the main actor"),
          AntiPattern(id: "draft-not-as-called", "Sending something other than the report as it is"),
          AntiPattern(id: "summary-not-kept", unlisted: "A printed summary is not kept in `summaries`"),
        ]),
      Exercise(
        id: "8.3", title: "A conformance that crosses into the main actor", grade: .practice, points: 20,
        name: "Ex8_3_Conformances", lessonAnchor: "a-conformance-that-crosses",
        hints: [
          "`Badged` is only ever used on the main actor, and `badge` reads main-actor state: isolate the conformance itself, `extension InboxScreen: @MainActor Badged {}`.",
          "`title` reads only `name`, a `let` of a `Sendable` type: it can be `nonisolated`, and then the search index may read it from anywhere.",
          "Callers of `Refreshing` run anywhere, and a refresh changes main-actor state: make the requirement `async`, so a main-actor method meets it and callers hop to it (`await`).",
        ],
        kind: .review, swift6: Swift6Grading(),
        antiPatterns: [
          AntiPattern(
            id: "conformance-crosses-isolation", "A main-actor type's conformance to a protocol",
            implies: ["screen-off-main-actor"]),
          AntiPattern(id: "preconcurrency", "`@preconcurrency` on the conformance"),
          AntiPattern(id: "assume-isolated", "`MainActor.assumeIsolated` inside a `nonisolated` member"),
          AntiPattern(id: "screen-off-main-actor", "Taking the screen off the main actor"),
          AntiPattern(id: "index-on-main-actor", "Moving the search index onto the main actor"),
          AntiPattern(id: "wrong-answers", unlisted: "A protocol member that no longer answers what it did"),
          AntiPattern(
            id: "nonisolated-unsafe",
            unlisted: "`nonisolated(unsafe)` on the screen's state, read by a `nonisolated` member"),
        ]),
      Exercise(
        id: "8.4", title: "An SDK callback that compiles, then crashes", grade: .challenge, points: 30,
        name: "Ex8_4_VendorCallback", lessonAnchor: "compiles-then-crashes",
        hints: [
          "Written in `@MainActor` code, a closure the SDK takes without `@Sendable` belongs to the main actor, and Swift 6 checks that where it starts: the SDK calls it on its own queue, and it traps.",
          "Mark the closure `@Sendable`: it may then run anywhere, and the compiler keeps the screen's state out of it.",
          "Inside, copy what you need into `Sendable` values (the fix's two `Double`s, whether it failed), and hop back with `Task { @MainActor in … }` to change the screen.",
        ],
        kind: .review,
        swift6: Swift6Grading(
          imports: ["VendorSDK"],
          sentences: [
            // The vendor's types are not the learner's, and 8.4 allows no `@preconcurrency`: the
            // lesson's general advice (make the type `Sendable`) does not fit here.
            "sent-then-used":
              "Sent to another isolation domain while this code, or the SDK that handed it over, can still reach it: {0}. The vendor's types (its `LocationFix`) are not yours to make `Sendable`: copy their `Sendable` parts (a fix's two `Double`s) into values of your own before the hop, and send those. [sent-then-used]",
            "non-sendable-member":
              "A stored property whose type says nothing about `Sendable`, inside a type that says it is: {0}. The vendor's types are not yours, and this exercise allows no `@preconcurrency`: keep a `Sendable` copy of what you need (a fix's two `Double`s). [non-sendable-member]",
            "non-sendable-crossing":
              "Not `Sendable`, and crossing from one actor to another: a value of {0}. A type of the vendor's is not yours to make `Sendable`: copy its `Sendable` parts (a fix's two `Double`s) out, and send those. [non-sendable-crossing]",
          ]),
        antiPatterns: [
          AntiPattern(id: "closure-inferred-main-actor", "A completion written in main-actor code"),
          AntiPattern(id: "assume-isolated", "`MainActor.assumeIsolated` in the closure"),
          AntiPattern(id: "sent-then-used", "Sending the SDK's value to the main actor"),
          AntiPattern(id: "update-lost", "A hop that forgets part of the update"),
          AntiPattern(
            id: "nonisolated-unsafe", unlisted: "`nonisolated(unsafe)` on the SDK's value, to send it as it is"),
          AntiPattern(
            id: "unchecked-sendable", unlisted: "A box marked `@unchecked Sendable` to carry the SDK's value across"),
          AntiPattern(
            id: "preconcurrency", unlisted: "`@preconcurrency import` of the SDK, to send its value as it is"),
          AntiPattern(id: "detached-task", unlisted: "`Task.detached` for the hop back to the main actor"),
        ]),
      Exercise(
        id: "8.5", title: "`@unchecked Sendable`, repaid", grade: .practice, points: 20,
        name: "Ex8_5_UncheckedSendable", lessonAnchor: "unchecked-sendable-repaid",
        hints: [
          "Without `@unchecked`, the compiler says what it was asked to ignore: a `var` in a `Sendable` class, which two threads could write at once.",
          "`private let tokens = Mutex<[String: String]>([:])` (import `Synchronization`): a `let` of a `Sendable` type, which the compiler accepts.",
          "Every access goes through `withLock`: `tokens.withLock { $0[account] = token }`, and the same for each read.",
        ],
        kind: .review, raceTests: ["savesAndReadsFromTwoThreads()"], swift6: Swift6Grading(),
        antiPatterns: [
          AntiPattern(
            id: "unchecked-sendable", "`@unchecked Sendable` on a class with unguarded state",
            implies: ["unsynchronized-tokens", AntiPattern.crashed]),
          AntiPattern(
            id: "mutable-sendable-state", "A `var` in a class that says it is `Sendable`",
            implies: ["unsynchronized-tokens", AntiPattern.crashed]),
          AntiPattern(
            id: "nonisolated-unsafe", "`nonisolated(unsafe)` on the stored property",
            implies: ["unsynchronized-tokens", AntiPattern.crashed]),
          AntiPattern(id: "tokens-lost", "A store that keeps no token"),
          AntiPattern(
            id: "unsynchronized-tokens",
            unlisted: "Two threads reach the tokens at once, with nothing to keep them apart"),
        ]),
      Exercise(
        id: "8.6", title: "Main actor by default: work that must leave it", grade: .challenge, points: 30,
        name: "Ex8_6_ApproachableConcurrency", lessonAnchor: "main-actor-by-default",
        hints: [
          "Built with `NonisolatedNonsendingByDefault`, a `nonisolated async` function runs on its caller's actor: the gallery calls from the main actor, so the drawing runs there.",
          "`@concurrent` says a function always leaves its caller's actor and runs on the global executor: put it on `thumbnail(of:)`.",
          "Nothing else needs to move: `Gallery` stays on the main actor (the module's default), and its `await` now suspends while the drawing runs elsewhere.",
        ],
        kind: .review,
        swift6: Swift6Grading(
          flags: ["-default-isolation", "MainActor", "-enable-upcoming-feature", "NonisolatedNonsendingByDefault"]),
        antiPatterns: [
          AntiPattern(id: "runs-on-caller", "A `nonisolated async` function kept for slow work"),
          AntiPattern(id: "detached-task", "`Task.detached` around the work"),
          AntiPattern(id: "wrong-order", "Thumbnails kept in the order they finish"),
          AntiPattern(
            id: "isolated-call", unlisted: "Main-actor state reached from a function moved off the main actor"),
          AntiPattern(
            id: "nonisolated-unsafe",
            unlisted: "`nonisolated(unsafe)` on the gallery's state, to write it off the main actor"),
          AntiPattern(
            id: "unchecked-sendable",
            unlisted: "A box marked `@unchecked Sendable` for the gallery's state, to write it off the main actor"),
        ]),
      Exercise(
        id: "8.7", title: "A module, one file at a time: where to start, what to leave", grade: .interviewHard,
        points: 40, name: "Ex8_7_FeedModels", lessonAnchor: "a-module-one-file-at-a-time",
        hints: [
          "Every error in `FeedStore.swift` and `FeedScreen.swift` names something of yours: start with the leaf, the file everything else uses, and most of them go.",
          "An article handed from the screen to the store should become the store's own: a struct of `Sendable` members is exactly that, and `Sendable` is then checked, not promised.",
          "`feedPageSize` must stay a global that the screen writes and the store reads: a computed `var` whose getter and setter go through a `Mutex` is not shared mutable storage. And `LocationFix` is the vendor's: import it `@preconcurrency`, with a comment above saying why and until when.",
        ],
        kind: .review,
        swift6: Swift6Grading(
          allowing: [Swift6Grading.preconcurrencyImport], imports: ["VendorSDK"],
          companions: [
            "Tests/StrictConcurrencyTests/FeedModule/FeedStore.swift",
            "Tests/StrictConcurrencyTests/FeedModule/FeedScreen.swift",
          ]),
        antiPatterns: [
          AntiPattern(id: "leaf-first", "Errors in the files that use yours"),
          AntiPattern(id: "global-mutable-state", "A global `var` that any thread can reach, kept as it was"),
          AntiPattern(id: "non-sendable-member", "A `Sendable` type that holds the vendor's struct"),
          AntiPattern(id: "unmarked-debt", "An unmarked `@preconcurrency import`"),
          AntiPattern(
            id: "unchecked-sendable", "The class marked `@unchecked Sendable`", implies: ["shared-article"]),
          AntiPattern(id: "shared-article", unlisted: "An article the store keeps is changed from outside the store"),
          AntiPattern(id: "wrong-page", unlisted: "A page that is not the first `feedPageSize` articles, unread first"),
          AntiPattern(id: "preconcurrency", unlisted: "`@preconcurrency` anywhere but the vendor's import"),
          AntiPattern(id: "nonisolated-unsafe", unlisted: "`nonisolated(unsafe)` on the page size"),
        ]),
    ],
    interviewPractice: ["8.1", "8.2", "8.3", "8.4", "8.6", "8.7"])
}
