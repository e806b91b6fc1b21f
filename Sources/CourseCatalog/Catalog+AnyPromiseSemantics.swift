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
        ]),
      Exercise(
        id: "2.2", title: "Resolve or reject", grade: .warmUp, points: 10,
        name: "Ex2_2_ResolveOrReject", lessonAnchor: "resolve-or-reject",
        hints: [
          "`AnyPromise { resolve in ... }` gives you one function that reads whatever you hand it.",
          "Hand the callback's object to `resolve` as it is: an error rejects, nil fulfills, anything else fulfills.",
        ]),
      Exercise(
        id: "2.3", title: "Read a settled AnyPromise", grade: .practice, points: 20,
        name: "Ex2_3_ReadSettledValue", lessonAnchor: "reading-a-settled-anypromise",
        hints: [
          "Check `isPending` first, then `isRejected`: only then is `objc.value` what it looks like.",
          "When rejected, `objc.value` is the error. When fulfilled, it may be nil, a T, or something else.",
          "Something else is a failure too: `AnyPromise.CastError(expected: T.self, actual: value)`.",
        ]),
      Exercise(
        id: "2.4", title: "Handlers of zero to three parameters", grade: .practice, points: 20,
        name: "Ex2_4_MultiValueHandlers", lessonAnchor: "many-values-zero-to-three-parameters",
        hints: [
          "An `objc.then` whose closure takes two parameters receives the first two values of the manifold.",
          "A missing value arrives as nil: `count as? Int` is nil when the login resolved with one value only.",
          "A handler that returns nothing fulfills its promise with nil.",
        ]),
      Exercise(
        id: "2.5", title: "Bridge both ways", grade: .challenge, points: 30,
        name: "Ex2_5_Bridging", lessonAnchor: "bridging-both-ways",
        hints: [
          "`AnyPromise(promise)` exposes a typed promise to dynamic callers.",
          "`Promise<UserProfile>(anyPromise)` adopts it back, and rejects with `AnyPromise.CastError` for the wrong type.",
          "Never force-cast a dynamic value: `as!` traps, and a trap takes the whole app down.",
        ]),
      Exercise(
        id: "2.6", title: "Return, don't throw", grade: .challenge, points: 30,
        name: "Ex2_6_ReturnDontThrow", lessonAnchor: "return-dont-throw",
        hints: [
          "An `AnyPromise` handler cannot throw: it rejects by returning an `Error`.",
          "Check the quantity, then the stock; return `OrderError.invalidQuantity` or `.outOfStock(sku:)`, or the order.",
          "Capture the inventory, not the validator, in the handler, so nothing outlives the chain.",
        ]),
    ],
    interviewPractice: ["2.2", "2.1", "2.3", "2.4", "2.1", "2.1", "2.5", "2.6", "2.5"])
}
