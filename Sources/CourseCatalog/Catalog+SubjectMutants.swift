// swift-format-ignore-file
// Written by `swift run course prove --mutants 7 --write`, from the subjects in Tests/ProvingAdaptersSubjects
// and the reference suites in Solutions/ProvingAdapters: run it again after changing either.

extension Catalog {
  /// For each exercise of topic 7, the mutants the operators make of its subject (see ``OperatorMutant``).
  public static let subjectMutants: [String: SubjectMutants] = [
    "7.1": SubjectMutants(
      made: 13, stillborn: [1, 4, 5, 6, 7, 8, 9, 10, 11],
      live: [
      OperatorMutant(
        2, "constant-argument", line: 24,
        original: ["let chain = cloud.getArticles(forceRefresh: refresh).done(on: nil) { articles in"],
        replacement: ["let chain = cloud.getArticles(forceRefresh: true).done(on: nil) { articles in"],
        breaks: ["shared-cloud", "placeholder-titles", "ignores-refresh", "always-refresh"], rule: "the success path returns exactly the cloud's articles, and asks the cloud with the `refresh` flag it was given;",
        caughtBy: "The success path returns the cloud's articles, asked with the flag given"),
      OperatorMutant(
        3, "constant-argument", line: 24,
        original: ["let chain = cloud.getArticles(forceRefresh: refresh).done(on: nil) { articles in"],
        replacement: ["let chain = cloud.getArticles(forceRefresh: false).done(on: nil) { articles in"],
        breaks: ["shared-cloud", "placeholder-titles", "ignores-refresh", "always-refresh"], rule: "the success path returns exactly the cloud's articles, and asks the cloud with the `refresh` flag it was given;",
        caughtBy: "The success path returns the cloud's articles, asked with the flag given"),
      OperatorMutant(
        12, "remove-statement", line: 29,
        original: ["continuation.resume(returning: returned)"],
        replacement: [],
        breaks: ["shared-cloud", "placeholder-titles", "ignores-refresh", "always-refresh"], rule: "the success path returns exactly the cloud's articles, and asks the cloud with the `refresh` flag it was given;",
        caughtBy: "The success path returns the cloud's articles, asked with the flag given"),
      OperatorMutant(
        13, "cancellation-dropped", line: 41,
        original: ["chain.catch(on: nil, policy: .allErrors) { continuation.resume(throwing: $0) }"],
        replacement: ["chain.catch(on: nil) { continuation.resume(throwing: $0) }"],
        breaks: ["done-only", "swallows-error", "generic-error", "default-catch-policy"], rule: "the failure path throws the cloud's own error, and so does a promise rejected with a cancellation: an error whose `isCancelled` is true, such as `PMKError.cancelled` (`LegacyError.cancelled` is not one).",
        caughtBy: "A cancelled promise throws its cancellation"),
      ]),
    "7.2": SubjectMutants(
      made: 12, stillborn: [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      live: [
      OperatorMutant(
        2, "remove-statement", line: 56,
        original: ["Self.resume(continuation, profile, error)"],
        replacement: [],
        breaks: ["no-guard", "guard-on-success-only", "two-ifs", "neither-force-unwrap"], rule: "A double resume, or the neither path's force unwrap, traps the process: only a child process can report it. Make every call that can trap (two callbacks, an error then a profile, both together, neither) inside `#expect(processExitsWith: .success) { … }` (its closure cannot capture values: build the scenario inside it), and read the runtime's words with `observing: [\\.standardErrorContent]`.",
        caughtBy: "A profile is returned"),
      ]),
    "7.3": SubjectMutants(
      made: 18, stillborn: [1, 8, 9, 10, 11, 13, 14, 15, 16, 17],
      live: [
      OperatorMutant(
        2, "remove-statement", line: 23,
        original: ["self.view = view"],
        replacement: [],
        breaks: ["shared-singleton", "no-reload", "reload-before-set", "reloads-twice"], rule: "a load sets the repository's articles and then reloads the view, once;",
        caughtBy: "A load shows the repository's articles, then reloads the view"),
      OperatorMutant(
        3, "flip-boolean", line: 28,
        original: ["load(refresh: false)"],
        replacement: ["load(refresh: true)"],
        breaks: ["shared-singleton", "no-reload", "reload-before-set", "reloads-twice"], rule: "a load sets the repository's articles and then reloads the view, once;",
        caughtBy: "A load shows the repository's articles, then reloads the view"),
      OperatorMutant(
        4, "remove-statement", line: 28,
        original: ["load(refresh: false)"],
        replacement: [],
        breaks: ["shared-singleton", "no-reload", "reload-before-set", "reloads-twice"], rule: "a load sets the repository's articles and then reloads the view, once;",
        caughtBy: "A load shows the repository's articles, then reloads the view"),
      OperatorMutant(
        5, "remove-statement", line: 38,
        original: ["loading = Task {", "if mutant == \"load-never-finishes\" { await Self.waitForever() }", "do {", "let articles: [Article]", "if mutant == \"shared-singleton\" {", "articles = try await Self.fromTheSingleton(refresh: refresh)", "} else {", "articles = try await repository.latest(refresh: refresh)", "}", "if mutant == \"reload-before-set\" { view?.reloadList() }", "self.articles = articles", "if mutant != \"no-reload\" && mutant != \"reload-before-set\" { view?.reloadList() }", "if mutant == \"reloads-twice\" { view?.reloadList() }", "if mutant == \"hangs-after-reload\" { await Self.waitForever() }", "} catch {", "if mutant == \"clears-on-error\" { articles = [] }", "if mutant == \"other-error\" {", "view?.handleApiError(error: PresenterFailed())", "} else if mutant != \"error-swallowed\" {", "view?.handleApiError(error: error)", "}", "}", "}"],
        replacement: [],
        breaks: ["shared-singleton", "no-reload", "reload-before-set", "reloads-twice"], rule: "a load sets the repository's articles and then reloads the view, once;",
        caughtBy: "A load shows the repository's articles, then reloads the view"),
      OperatorMutant(
        6, "constant-argument", line: 45,
        original: ["articles = try await repository.latest(refresh: refresh)"],
        replacement: ["articles = try await repository.latest(refresh: true)"],
        breaks: ["shared-singleton", "no-reload", "reload-before-set", "reloads-twice"], rule: "a load sets the repository's articles and then reloads the view, once;",
        caughtBy: "A load shows the repository's articles, then reloads the view"),
      OperatorMutant(
        7, "constant-argument", line: 45,
        original: ["articles = try await repository.latest(refresh: refresh)"],
        replacement: ["articles = try await repository.latest(refresh: false)"],
        breaks: ["refresh-dropped"], rule: "pulling to refresh asks the repository with `refresh: true`;",
        caughtBy: "A failed refresh reports the error and keeps what was shown"),
      OperatorMutant(
        12, "remove-statement", line: 48,
        original: ["self.articles = articles"],
        replacement: [],
        breaks: ["shared-singleton", "no-reload", "reload-before-set", "reloads-twice"], rule: "a load sets the repository's articles and then reloads the view, once;",
        caughtBy: "A load shows the repository's articles, then reloads the view"),
      OperatorMutant(
        18, "remove-statement", line: 57,
        original: ["view?.handleApiError(error: error)"],
        replacement: [],
        breaks: ["error-swallowed", "other-error", "clears-on-error"], rule: "a failed load calls `handleApiError(error:)` with the repository's error, and keeps the articles already shown.",
        caughtBy: "A failed refresh reports the error and keeps what was shown"),
      ]),
    "7.4": SubjectMutants(
      made: 14, stillborn: [1, 2, 3, 4, 5, 7, 8, 9, 11],
      live: [
      OperatorMutant(
        6, "remove-statement", line: 19,
        original: ["socket.connect(", "onMessage: { message in", "switch mutant {", "case \"out-of-order\":", "for message in held.swappingSecondAndThird(message) { continuation.yield(message) }", "case \"error-overtakes-last\":", "if let previous = held.exchange(message) { continuation.yield(previous) }", "default: continuation.yield(message)", "}", "},", "onClose: { error in", "if mutant == \"out-of-order\" || (mutant == \"error-overtakes-last\" && error == nil) {", "for message in held.all() { continuation.yield(message) }", "}", "switch mutant {", "case \"never-finishes\": break", "case \"error-swallowed\": continuation.finish()", "case \"error-as-message\":", "if let error { continuation.yield(\"error: \\(error)\") }", "continuation.finish()", "case \"other-error\": continuation.finish(throwing: error.map { _ in StreamFailed() })", "default:", "if let error {", "continuation.finish(throwing: error)", "} else {", "continuation.finish()", "}", "}", "})"],
        replacement: [],
        breaks: ["out-of-order", "never-finishes"], rule: "every message arrives, in order, and then the stream ends (collect it under `withDeadline`);",
        caughtBy: "Every message, in order, and then the end"),
      OperatorMutant(
        10, "constant-argument", line: 42,
        original: ["continuation.finish(throwing: error)"],
        replacement: ["continuation.finish(throwing: nil)"],
        breaks: ["error-swallowed", "error-as-message", "other-error", "error-overtakes-last"], rule: "a socket that breaks ends the loop by throwing its error, after every message;",
        caughtBy: "A socket that breaks ends the loop with its error, after every message"),
      OperatorMutant(
        12, "remove-statement", line: 42,
        original: ["continuation.finish(throwing: error)"],
        replacement: [],
        breaks: ["error-swallowed", "error-as-message", "other-error", "error-overtakes-last"], rule: "a socket that breaks ends the loop by throwing its error, after every message;",
        caughtBy: "A socket that breaks ends the loop with its error, after every message"),
      OperatorMutant(
        13, "remove-statement", line: 44,
        original: ["continuation.finish()"],
        replacement: [],
        breaks: ["out-of-order", "never-finishes"], rule: "every message arrives, in order, and then the stream ends (collect it under `withDeadline`);",
        caughtBy: "Every message, in order, and then the end"),
      OperatorMutant(
        14, "cancellation-dropped", line: 55,
        original: ["continuation.onTermination = { _ in socket.disconnect() }"],
        replacement: ["continuation.onTermination = { _ in }"],
        breaks: ["no-on-termination", "disconnect-only-when-finished", "cancel-only"], rule: "a consumer that stops disconnects the socket, even a live one that never closes (`closes: false`): `await eventually { !socket.isOpen }`. Stop it by leaving the loop: a stream can hear a cancelled task and still miss a consumer that leaves.",
        caughtBy: "A consumer that stops disconnects the socket"),
      ]),
    "7.5": SubjectMutants(
      made: 21, stillborn: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21],
      live: [

      ]),
  ]
}
