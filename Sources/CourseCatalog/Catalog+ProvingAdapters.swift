extension Catalog {
  /// Topic 7: proving adapters. The learner writes the tests; the mutants they catch grade them.
  static let provingAdapters = Topic(
    number: 7, module: "ProvingAdapters", title: "Proving adapters: write the tests, catch the mutants",
    lessonFile: "07-proving-adapters.md",
    exercises: [
      Exercise(
        id: "7.1", title: "Both paths of a promise adapter", grade: .warmUp, points: 10,
        name: "Ex7_1_PromiseAdapter", lessonAnchor: "both-paths-of-an-adapter",
        hints: [
          "Give the repository a cloud of your own (`ArticleCloud()`), script it (`cloud.articles.script(.succeed(…))`, `.fail(…)`), and expect exactly what you scripted.",
          "Await every call under `withDeadline`: an adapter that never resumes then fails your test instead of hanging the run.",
          "A failure is more than one path: the cloud's own error, and a cancellation (`PMKError.cancelled`). And `latest(refresh: true)` must reach the cloud as `true`.",
        ],
        mutants: [
          Mutant(
            "done-only", on: "the failure path", does: "never resumes when the promise is rejected",
            catchIt:
              "Add a test of the failure path, awaited under `withDeadline`: against this adapter it times out instead of throwing the cloud's error."
          ),
          Mutant(
            "swallows-error", on: "the failure path", does: "returns an empty list when the promise is rejected",
            catchIt:
              "Expect the failure path to throw (`#expect(throws:)`): this adapter returns `[]` and throws nothing."),
          Mutant(
            "generic-error", on: "the failure path", does: "throws an error of its own instead of the cloud's",
            catchIt:
              "Expect the very error the cloud was scripted to fail with (`#expect(throws: LegacyError.offline)`), not just any error."
          ),
          Mutant(
            "default-catch-policy", on: "a cancellation", does: "never resumes when the promise is cancelled",
            catchIt:
              "Script a cancellation (`.fail(PMKError.cancelled)`) and expect it thrown, under `withDeadline`: this adapter's `catch` skips cancellations, so it times out."
          ),
          Mutant(
            "shared-cloud", on: "the success path",
            does: "ignores the cloud it is given and asks `ArticleCloud.shared`",
            catchIt:
              "Script your own cloud with articles that are not `Article.samples`, and expect exactly those: this adapter returns the shared cloud's samples."
          ),
          Mutant(
            "ignores-refresh", on: "the success path", does: "always asks the cloud with `forceRefresh: false`",
            catchIt:
              "Call `latest(refresh: true)` and expect the cloud's calls to be `[true]` (`cloud.articles.calls`)."),
          Mutant(
            "always-refresh", on: "the success path", does: "always asks the cloud with `forceRefresh: true`",
            catchIt:
              "Call `latest(refresh: false)` too, and expect the cloud's calls to end with `false`: this adapter asks with `true` every time."
          ),
          Mutant(
            "placeholder-titles", on: "the success path",
            does: "returns as many articles as the cloud fulfilled, with their ids, but titles of its own",
            catchIt:
              "Expect exactly the articles you scripted, the whole array with `==`: their count, or their ids, cannot tell them from these."
          ),
        ],
        antiPatterns: [
          AntiPattern(id: "success-only", "A suite with only a success test"),
          AntiPattern(id: "no-deadline", "A failure test without a deadline"),
          AntiPattern(id: "any-error", "Any error is not the cloud's error"),
          AntiPattern(id: "no-cancellation", "A cancellation is a failure path too"),
          AntiPattern(id: "samples-only", "A test that never scripts the cloud"),
          AntiPattern(id: "no-refresh-check", "A test that never looks at the `refresh` flag"),
          AntiPattern(id: "one-flag-only", "A test of `refresh: true` alone"),
          AntiPattern(id: "count-only", "A test that counts the articles"),
        ]),
      Exercise(
        id: "7.2", title: "Exactly once: catch a double resume and a zero resume", grade: .challenge, points: 30,
        name: "Ex7_2_ExactlyOnce", lessonAnchor: "exactly-once-proved",
        hints: [
          "A double resume traps the process, so only a child process can report it: `await #expect(processExitsWith: .success) { … }`, with the script made inside the closure.",
          "Script the second callback so it comes before the call returns (`.twice(…)` delivers on the caller's thread): a second callback that comes later may find the child already gone.",
          "A zero resume hangs, so await it under `withDeadline`. Cover each odd path: two callbacks, an error then a profile, both at once, and neither.",
        ],
        mutants: [
          Mutant(
            "no-guard", on: "two callbacks", does: "resumes its continuation again when the SDK calls back twice",
            catchIt:
              "Script two callbacks (`.twice(…)`) and make the call in a child process, with `#expect(processExitsWith: .success)`: this adapter traps there, and the runtime says it resumed its continuation more than once."
          ),
          Mutant(
            "guard-on-success-only", on: "two callbacks",
            does: "resumes twice when an error comes first and a profile second",
            catchIt:
              "Script `.twice(.error(…), .value(…))` in a child process: this adapter only ignores a callback after a success, so it traps."
          ),
          Mutant(
            "two-ifs", on: "a profile and an error together",
            does: "resumes twice when the SDK sends a profile and an error together",
            catchIt:
              "Script `.both(profile, error)` in a child process: this adapter traps, where the correct one throws the error."
          ),
          Mutant(
            "value-wins", on: "a profile and an error together",
            does: "returns the profile when the SDK sends a profile and an error together",
            catchIt: "Script `.both(profile, error)` and expect the error thrown: when both come, the error wins."),
          Mutant(
            "neither-hangs", on: "neither a profile nor an error",
            does: "never resumes when the SDK calls back with neither a profile nor an error",
            catchIt:
              "Script `.neither` and expect `NeitherValueNorError`, under `withDeadline`: this adapter times out."),
          Mutant(
            "error-as-neither", on: "an error", does: "throws `NeitherValueNorError` when the SDK reports an error",
            catchIt: "Script `.fail(LegacyError.offline)` and expect that very error thrown, not just any."),
          Mutant(
            "ignores-id", on: "a profile", does: "asks the SDK for user 1, whatever `id` it is given",
            catchIt:
              "Ask for a user other than 1 and expect the SDK's calls to hold that id (`service.endpoint.calls`)."),
          Mutant(
            "neither-force-unwrap", on: "neither a profile nor an error",
            does: "crashes when the SDK calls back with neither a profile nor an error",
            catchIt:
              "Script `.neither` in a child process and expect the call to throw `NeitherValueNorError` there: this adapter unwraps a nil profile and traps."
          ),
          Mutant(
            "placeholder-profile", on: "a profile",
            does: "returns a profile of its own making, with the right id, instead of the SDK's",
            catchIt:
              "Compare the whole profile returned with the one you scripted (`#expect(profile == ada)`), not only its id."
          ),
          Mutant(
            "latest-wins", on: "two callbacks", does: "returns the second profile when the SDK calls back twice",
            catchIt:
              "Script `.twice(.value(a), .value(b))` with two different profiles and check, inside the child, that `a` comes back: the first callback wins."
          ),
        ],
        antiPatterns: [
          AntiPattern(id: "in-process-twice", "A double resume checked in the test's own process"),
          AntiPattern(id: "twice-later", "A second callback that comes after the child has exited"),
          AntiPattern(id: "no-neither", "A suite that never scripts `(nil, nil)`"),
          AntiPattern(id: "no-both", "A suite that never scripts a profile and an error together"),
          AntiPattern(id: "same-kind-twice", "Only two callbacks of the same kind"),
          AntiPattern(id: "survives-only", "A child that only survives the second callback"),
          AntiPattern(id: "id-only", "A check of the profile's id alone"),
        ]),
      Exercise(
        id: "7.3", title: "A presenter tested with a stub repository", grade: .practice, points: 20,
        name: "Ex7_3_Presenter", lessonAnchor: "a-presenter-at-its-boundary",
        hints: [
          "Write a `@MainActor` spy that conforms to `ArticleListViewProtocol` and records each call; give the presenter a `StubArticleRepository`, then `await presenter.loading?.value`.",
          "Record what the presenter holds when `reloadList()` is called (the spy can keep a weak reference to it): a screen reloads to show the new articles.",
          "Script two answers, `StubArticleRepository(.success(…), .failure(…))`: load, then pull to refresh, and expect the error reported and the first articles kept.",
        ],
        mutants: [
          Mutant(
            "shared-singleton", subject: "a presenter", on: "a load",
            does: "loads from the legacy singleton `ArticleCloud.shared` instead of its repository",
            catchIt:
              "Give the presenter a `StubArticleRepository` with articles of your own, and expect exactly those in `articles`: this presenter shows the singleton's samples."
          ),
          Mutant(
            "no-reload", subject: "a presenter", on: "a load",
            does: "sets its articles but never asks the view to reload",
            catchIt: "Give the presenter a spy view that records its calls, and expect one `reloadList()` after a load."
          ),
          Mutant(
            "reload-before-set", subject: "a presenter", on: "a load",
            does: "asks the view to reload before it has set the new articles",
            catchIt:
              "Have the spy record what the presenter holds when `reloadList()` is called: this presenter still holds the old list then."
          ),
          Mutant(
            "reloads-twice", subject: "a presenter", on: "a load", does: "asks the view to reload twice for one load",
            catchIt:
              "Expect exactly one `reloadList()` after a load (`view.calls == [\"reloadList\"]`), not only that one came."
          ),
          Mutant(
            "error-swallowed", subject: "a presenter", on: "a failed load",
            does: "never tells the view that loading failed",
            catchIt: "Make the stub fail and expect the spy to hear `handleApiError(error:)` with the stub's error."),
          Mutant(
            "clears-on-error", subject: "a presenter", on: "a failed load",
            does: "blanks the list when a later load fails",
            catchIt:
              "Load once, then let a pull to refresh fail (`StubArticleRepository(.success(…), .failure(…))`), and expect the first articles kept."
          ),
          Mutant(
            "other-error", subject: "a presenter", on: "a failed load",
            does: "reports an error of its own to the view instead of the repository's",
            catchIt:
              "Have the spy keep the error `handleApiError(error:)` received, and expect the very error the stub failed with."
          ),
          Mutant(
            "refresh-dropped", subject: "a presenter", on: "a pull to refresh",
            does: "loads from the cache when the user pulls to refresh",
            catchIt: "Pull to refresh and expect the stub's calls to end with `true` (`stub.calls`)."),
          Mutant(
            "load-never-finishes", subject: "a presenter", on: "a load",
            does: "never finishes a load: its task waits for something that never comes",
            catchIt:
              "Await `presenter.loading?.value` under `withDeadline`: against this presenter the deadline fails the test, where a bare `await` hangs the run."
          ),
          Mutant(
            "hangs-after-reload", subject: "a presenter", on: "a load",
            does: "reloads the view with the new articles, and then never finishes its load",
            catchIt:
              "Await `presenter.loading?.value` under `withDeadline` before you look at the view: a test that polls the view instead sees the reload, and never learns that the load it started did not end."
          ),
        ],
        suiteRules: [
          SuiteRule(
            forbidding: "ArticleCloud",
            "Your tests use the legacy cloud (`ArticleCloud`, its singleton, or a repository over it): they then depend on what it answers today, and on every other test that uses it. Give the presenter a `StubArticleRepository` whose answers each test scripts, and build what you expect from those. [touches-singleton]"
          ),
          SuiteRule(
            forbidding: "import PromiseKitLite",
            "Your tests import the promise library: the presenter's boundary is its repository's `async` API, so a test that reaches past it, to a promise, tests the adapter under the repository again. Drive the presenter through a `StubArticleRepository` alone. [touches-singleton]"
          ),
        ],
        antiPatterns: [
          AntiPattern(id: "samples-stub", "A stub that answers with `Article.samples`"),
          AntiPattern(id: "no-spy", "No spy view"),
          AntiPattern(id: "reload-count-only", "Counting reloads without looking at what is shown"),
          AntiPattern(id: "reload-seen-once", unlisted: "Expects a reload to have come, not that exactly one came"),
          AntiPattern(
            id: "error-call-only",
            unlisted: "Expects `handleApiError(error:)` called, not called with the repository's error"),
          AntiPattern(id: "error-from-empty", "An error path tested from an empty screen"),
          AntiPattern(id: "no-pull-to-refresh", "Only `onViewDidLoad()` is tested"),
          AntiPattern(id: "success-only", "A suite with only a success test"),
          AntiPattern(id: "no-deadline", "Awaiting `presenter.loading?.value` without a deadline"),
          AntiPattern(id: "polls-view", unlisted: "Polls the view for the reload instead of awaiting the load"),
          AntiPattern(
            id: "touches-singleton", unlisted: "Tests that touch the legacy singleton or the promise library"),
        ]),
      Exercise(
        id: "7.4", title: "A stream, start to end, and a consumer that stops", grade: .challenge,
        points: 30, name: "Ex7_4_Stream", lessonAnchor: "a-stream-start-to-end",
        hints: [
          "Script a `LegacySocket(plan:)`, collect `messages(from:)` into an array under `withDeadline`, and expect exactly the plan's messages: a stream that never ends then fails the deadline.",
          "A socket that closes with an error must end the loop by throwing that error, after every message.",
          "Break out of the loop and expect `await eventually { !socket.isOpen }` (a cancelled task is not enough: a stream can hear a cancel and miss a break). And read late once: wait until the socket has closed, then collect, so a stream that drops buffered messages is caught.",
        ],
        mutants: [
          Mutant(
            "never-finishes", subject: "a stream", on: "the end of the stream",
            does: "never finishes when the socket closes",
            catchIt:
              "Collect the whole stream under `withDeadline` and expect every message: this stream never ends, so the deadline fails."
          ),
          Mutant(
            "error-swallowed", subject: "a stream", on: "a socket that breaks",
            does: "finishes cleanly when the socket breaks, and drops its error",
            catchIt:
              "Script a socket that closes with an error, and expect the loop to throw that error after the messages."),
          Mutant(
            "error-as-message", subject: "a stream", on: "a socket that breaks",
            does: "turns the socket's error into one more message",
            catchIt:
              "Expect exactly the scripted messages before the error: this stream adds one, and ends without throwing."),
          Mutant(
            "other-error", subject: "a stream", on: "a socket that breaks",
            does: "throws an error of its own when the socket breaks, instead of the socket's",
            catchIt:
              "Expect the very error the socket was scripted to close with (`LegacyError.offline`), not just that the loop threw."
          ),
          Mutant(
            "no-on-termination", subject: "a stream", on: "a consumer that stops",
            does: "leaves the socket connected after its consumer stops",
            catchIt:
              "Read a live socket that never closes by itself (`closes: false`), leave the loop after the first message, and expect `await eventually { !socket.isOpen }`: a socket that closes on its own is closed whether or not the stream disconnects it."
          ),
          Mutant(
            "disconnect-only-when-finished", subject: "a stream", on: "a consumer that stops",
            does: "disconnects only when the stream finishes, not when its consumer stops",
            catchIt:
              "Stop consuming a live socket (`closes: false`) and expect it disconnected: a consumer that stops cancels the stream, and `onTermination` must disconnect then too."
          ),
          Mutant(
            "buffering-newest-1", subject: "a stream", on: "a consumer that reads late",
            does: "keeps only the newest message when its consumer is slower than the socket",
            catchIt:
              "Let the socket deliver everything before you read (`await eventually { !socket.isOpen }`), then collect: this stream hands over only the last message."
          ),
          Mutant(
            "out-of-order", subject: "a stream", on: "the messages",
            does: "delivers the socket's second and third messages the other way round",
            catchIt:
              "Expect the messages to equal the script, in order (`received == scripted`): the same messages in another order pass a `Set`, a sort or a count."
          ),
          Mutant(
            "error-overtakes-last", subject: "a stream", on: "a socket that breaks",
            does: "throws the socket's error before its last message, which it loses",
            catchIt:
              "When the socket breaks, expect every message before the error too (`received == scripted`), not only the error."
          ),
          Mutant(
            "cancel-only", subject: "a stream", on: "a consumer that stops",
            does: "disconnects when its consumer's task is cancelled, but not when the consumer leaves the loop",
            catchIt:
              "Leave the loop (`break`, or `return` from inside it) over a live socket, and expect `await eventually { !socket.isOpen }`: cancelling the task alone passes this stream, whose `onCancel` hears only a cancel."
          ),
        ],
        antiPatterns: [
          AntiPattern(id: "no-deadline", "Collecting a stream without a deadline"),
          AntiPattern(id: "clean-close-only", "Only a socket that closes cleanly"),
          AntiPattern(id: "contains-check", "Checking that the messages arrived, not that nothing else did"),
          AntiPattern(id: "never-stops", "No consumer that stops"),
          AntiPattern(id: "stops-closing-socket", "A consumer that stops only a socket that closes on its own"),
          AntiPattern(id: "reads-as-they-arrive", "Reading only as the messages arrive"),
          AntiPattern(id: "prefix-reads", unlisted: "Reads a fixed number of messages, never the stream's end"),
          AntiPattern(id: "threw-at-all", unlisted: "Expects the loop to throw, not to throw the socket's error"),
          AntiPattern(id: "order-unchecked", "Comparing the messages without their order"),
          AntiPattern(id: "error-only", "Checking a broken socket's error, not the messages before it"),
          AntiPattern(id: "cancel-only", "Stopping the consumer only by cancelling its task"),
        ]),
      Exercise(
        id: "7.5", title: "A teammate's suite passes a broken adapter", grade: .interviewHard,
        points: 40, name: "Ex7_5_TeammatesSuite", lessonAnchor: "a-teammates-suite",
        hints: [
          "Run each of the teammate's tests in your head against an adapter that never resumes on failure: which one would still pass? A test that sleeps and asserts nothing passes everything.",
          "A double callback checked in the test's own process crashes the run against a broken adapter: move it into `#expect(processExitsWith: .success)`.",
          "Keep `returnsTheSession()` and `passesCredentials()` as they are: they are right. What is not tested at all? Read the adapter's contract in the header, sentence by sentence.",
        ],
        kind: .review,
        mutants: [
          Mutant(
            "never-on-failure", on: "a failed login", does: "never resumes when the login fails",
            catchIt:
              "Replace the sleep with `withDeadline`, and expect the service's error thrown (`#expect(throws: LegacyError.unauthorized)`): this adapter times out."
          ),
          Mutant(
            "guest-on-failure", on: "a failed login", does: "returns a guest session when the login fails",
            catchIt:
              "Expect the failed login to throw: this adapter returns a session, and a test that sleeps and cancels never looks."
          ),
          Mutant(
            "generic-error", on: "a failed login", does: "throws an error of its own instead of the service's",
            catchIt: "Expect the very error the service failed with (`#expect(throws: LegacyError.unauthorized)`)."),
          Mutant(
            "no-guard", on: "two callbacks", does: "resumes its continuation again when the service calls back twice",
            catchIt:
              "Make the double callback in a child process (`#expect(processExitsWith: .success)`): in the test's own process this adapter traps and takes the run down."
          ),
          Mutant(
            "neither-hangs", on: "neither a session nor an error",
            does: "never resumes when the service answers with neither a session nor an error",
            catchIt: "Add a test that scripts `.neither` and expects `NeitherValueNorError`, under `withDeadline`."),
          Mutant(
            "builds-own-session", does: "returns a session of its own making instead of the service's",
            catchIt: "Script a session the service would not make by default, and expect exactly it.",
            keptTest: "returnsTheSession()"),
          Mutant(
            "drops-password", does: "passes an empty password to the service",
            catchIt: "Expect the service's calls to hold the credentials as given (`auth.endpoint.calls`).",
            keptTest: "passesCredentials()"),
          Mutant(
            "latest-wins", on: "two callbacks", does: "returns the second session when the service calls back twice",
            catchIt:
              "Check, inside the child, that the session that comes back is the first one the service sent: the first answer wins."
          ),
        ],
        antiPatterns: [
          AntiPattern(id: "sleep-kept", "A failure test that sleeps"),
          AntiPattern(id: "any-error", "Any error is not the service's error"),
          AntiPattern(id: "twice-in-process", "A double callback left in the test's own process"),
          AntiPattern(id: "no-neither", "No test of `(nil, nil)`"),
          AntiPattern(id: "kept-test-weakened", "A right test rewritten"),
          AntiPattern(id: "child-survives-only", "A double callback moved into a child that only survives"),
        ]),
    ],
    interviewPractice: ["7.1", "7.2", "7.3", "7.5"],
    learnerWritesTests: true)
}
