extension Catalog {
  /// Topic 2: AnyPromise semantics.
  static let anyPromiseSemantics = Topic(
    number: 2, module: "AnyPromiseSemantics", title: "AnyPromise semantics", lessonFile: "02-anypromise-semantics.md",
    exercises: [
      Exercise(
        id: "2.1", title: "Predict the chain", grade: .warmUp, points: 10,
        name: "Ex2_1_PredictTheChain", lessonAnchor: "predict-the-chain",
        hints: [
          "Read each chain step by step: is the promise fulfilled or rejected when it reaches this handler?",
          "`catch` is `recover`: returning nothing from it fulfills with nil, so the `then` after it runs.",
          "A `then` skips a rejection; a handler that returns an error rejects; `catch` skips a cancellation; `ensure` always runs.",
        ],
        antiPatterns: [
          AntiPattern(id: "a-catch-ends-the-chain", "In AnyPromise, `catch` is `recover`"),
          AntiPattern(id: "returned-error-is-a-value", "Returning an error from a handler rejects"),
          AntiPattern(id: "manifold-arrives-whole", "A handler of two parameters gets the manifold's first two values"),
          AntiPattern(id: "catch-sees-cancellation", "`catch` skips a cancellation unless asked otherwise"),
          AntiPattern(
            id: "changed-chain", unlisted: "Changes a chain to fit its prediction, instead of the prediction"),
        ]),
      Exercise(
        id: "2.2", title: "Resolve or reject", grade: .warmUp, points: 10,
        name: "Ex2_2_ResolveOrReject", lessonAnchor: "resolve-or-reject",
        hints: [
          "`AnyPromise { resolve in ... }` gives you one function that reads whatever you hand it.",
          "Hand the callback's object to `resolve` as it is: an error rejects, nil fulfills, anything else fulfills.",
        ],
        antiPatterns: [
          AntiPattern(id: "known-types-only", "Every answer of the callback must settle the promise"),
          AntiPattern(id: "error-as-text", "An error handed to the resolver must reject the promise"),
          AntiPattern(id: "nil-rejects", "nil must fulfill, not reject"),
          AntiPattern(id: "ask-again-on-nil", "Ask the service once"),
          AntiPattern(id: "altered-status", unlisted: "Fulfills with something other than the service's string"),
        ]),
      Exercise(
        id: "2.3", title: "Read a settled AnyPromise", grade: .practice, points: 20,
        name: "Ex2_3_ReadSettledValue", lessonAnchor: "reading-a-settled-anypromise",
        hints: [
          "Check `isPending` first, then `isRejected`: only then is `objc.value` what it looks like.",
          "When rejected, `objc.value` is the error. When fulfilled, it may be nil, a T, or something else.",
          "Something else is a failure too: `AnyPromise.CastError(expected: T.self, actual: value)`.",
        ],
        antiPatterns: [
          AntiPattern(id: "value-first", "A pending promise has no result yet"),
          AntiPattern(id: "rejection-as-value", "When an AnyPromise is rejected, `value` holds the error"),
          AntiPattern(id: "nil-is-failure", "A promise fulfilled with nil is a success with nil"),
          AntiPattern(id: "wrong-type-is-nil", "A value of the wrong type is a failure"),
          AntiPattern(id: "settled-as-pending", unlisted: "Gives no result for a settled promise"),
          AntiPattern(id: "fulfilled-value-lost", unlisted: "Loses the value of a promise fulfilled with a `T`"),
          AntiPattern(
            id: "cast-error-fields", unlisted: "A `CastError` that names another type than `T`, or not the value"),
        ]),
      Exercise(
        id: "2.4", title: "Handlers of zero to three parameters", grade: .practice, points: 20,
        name: "Ex2_4_MultiValueHandlers", lessonAnchor: "many-values-zero-to-three-parameters",
        hints: [
          "An `objc.then` whose closure takes two parameters receives the first two values of the manifold.",
          "A missing value arrives as nil: `count as? Int` is nil when the login resolved with one value only.",
          "A handler that returns nothing fulfills its promise with nil.",
        ],
        antiPatterns: [
          AntiPattern(
            id: "one-parameter", "A two-parameter handler gets the first two",
            // A one-parameter handler sees a manifold's first value alone: a zero after it is lost too.
            implies: ["zero-is-none"]),
          AntiPattern(id: "zero-is-none", "When the source resolves with one value"),
          AntiPattern(id: "rejection-as-line", "A rejected promise passes through both functions"),
          AntiPattern(id: "acknowledge-passes-value", "A handler of no parameters that returns nothing"),
          AntiPattern(id: "acknowledged-not-once", unlisted: "Writes \"acknowledged\" not once on a fulfilled login"),
        ]),
      Exercise(
        id: "2.5", title: "Bridge both ways", grade: .challenge, points: 30,
        name: "Ex2_5_Bridging", lessonAnchor: "bridging-both-ways",
        hints: [
          "`AnyPromise(promise)` exposes a typed promise to dynamic callers.",
          "`Promise<UserProfile>(anyPromise)` adopts it back, and rejects with `AnyPromise.CastError` for the wrong type.",
          "Never force-cast a dynamic value: `as!` traps, and a trap takes the whole app down.",
        ],
        antiPatterns: [
          AntiPattern(id: "re-resolve-by-hand", "The typed promise's value and its rejection must both reach"),
          AntiPattern(id: "adopt-by-hand", "Adopt a dynamic promise with `Promise<T>(anyPromise)`"),
          AntiPattern(id: "forced-cast", "A value of the wrong type must reject"),
        ]),
      Exercise(
        id: "2.6", title: "Return, don't throw", grade: .challenge, points: 30,
        name: "Ex2_6_ReturnDontThrow", lessonAnchor: "return-dont-throw",
        hints: [
          "An `AnyPromise` handler cannot throw: it rejects by returning an `Error`.",
          "Check the quantity, then the stock; return `OrderError.invalidQuantity` or `.outOfStock(sku:)`, or the order.",
          "Capture the inventory, not the validator, in the handler, so nothing outlives the chain.",
        ],
        antiPatterns: [
          AntiPattern(id: "zero-only", "An invalid order rejects by returning its error"),
          AntiPattern(id: "forced-cast", "Something that is not an order must reject"),
          AntiPattern(id: "stored-handler", "A chain must release every closure once it settles"),
          AntiPattern(id: "swift-face", unlisted: "Validates off the Objective-C face, where a handler cannot throw"),
          AntiPattern(id: "fixture", unlisted: "The exercise's file could not be read (not the learner's code)"),
        ]),
    ],
    interviewPractice: ["2.2", "2.1", "2.3", "2.4", "2.1", "2.1", "2.5", "2.6", "2.5"])
}
