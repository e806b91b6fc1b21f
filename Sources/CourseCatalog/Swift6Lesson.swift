/// What topic 8's lesson says about one kind of Swift 6 diagnostic: the compiler's group for it, the
/// words it uses where a compiler prints no group, and the sentence a verdict opens with.
///
/// A verdict keys on the group the compiler prints (`[#MutableGlobalVariable]`), which stays when the
/// wording changes between releases; only a diagnostic printed without a group is matched by its
/// words. The sentence names the learner's declaration and ends with the id of the lesson's bullet.
public struct Swift6Lesson: Sendable {
  /// The anti-pattern id the sentence ends with.
  public let id: String
  /// The compiler's diagnostic groups this lesson explains.
  public let groups: [String]
  /// Phrases of the message that identify it when no group is printed.
  public let wording: [String]
  /// The sentence, given the names the message quotes, in order.
  public let sentence: @Sendable ([String]) -> String
  /// Whether a diagnostic of this kind only follows from the one printed before it (the compiler's
  /// offer of `@preconcurrency` after a `Sendable` error): a verdict counts it under that one.
  public let isConsequence: Bool

  /// Declares a lesson.
  public init(
    id: String, groups: [String], wording: [String], isConsequence: Bool = false,
    sentence: @escaping @Sendable ([String]) -> String
  ) {
    self.id = id
    self.groups = groups
    self.wording = wording
    self.isConsequence = isConsequence
    self.sentence = sentence
  }

  /// Whether this lesson explains `diagnostic`: by its group when it has one, else by its words.
  public func explains(_ diagnostic: CompilerDiagnostic) -> Bool {
    if let group = diagnostic.group { return groups.contains(group) }
    return wording.contains { diagnostic.message.contains($0) }
  }

  /// The sentence for a diagnostic that names `names`, in the words of `grading`'s exercise where it
  /// has its own (see ``Swift6Grading/sentences``), else the lesson's.
  public func sentence(_ names: [String], in grading: Swift6Grading?) -> String {
    guard let own = grading?.sentences[id] else { return sentence(names) }
    return own.replacingOccurrences(of: "{0}", with: Self.code(names, or: "a value"))
  }

  static func code(_ names: [String], or fallback: String) -> String {
    names.first.map { "`\($0)`" } ?? fallback
  }

  /// The names of several declarations as one, for ``sentence``'s first argument: `a`, `b` and `c`
  /// (the outer backticks are the sentence's).
  public static func list(_ names: [String]) -> String {
    guard let last = names.last else { return "" }
    return names.count == 1 ? last : names.dropLast().joined(separator: "`, `") + "` and `" + last
  }

  /// Every diagnostic the lesson explains, most specific first.
  public static let all: [Swift6Lesson] = [
    Swift6Lesson(
      id: "global-mutable-state", groups: ["MutableGlobalVariable"],
      wording: ["is not concurrency-safe because"]
    ) { names in
      "Global state that every thread can reach, with nothing to say which may: \(code(names, or: "a global")). Make each a `let` if it never changes, put it on the main actor if only screens use it, or keep it behind a `Mutex` (or in an actor) if every thread does. [global-mutable-state]"
    },
    Swift6Lesson(
      id: "sent-then-used",
      groups: ["SendingRisksDataRace", "RegionIsolation", "RegionIsolationCrossIsolationDataRace"],
      wording: ["risks causing data races", "risks causing races"]
    ) { names in
      "Handed to another isolation domain while this code can still reach it: \(code(names, or: "a value")) (used after it is sent, or belonging to this domain, such as a stored property). Send a value nothing else holds, such as a fresh copy, and stop using it once it is sent; or make its type a `Sendable` value. [sent-then-used]"
    },
    Swift6Lesson(
      id: "sent-then-used", groups: ["SendingClosureRisksDataRace"],
      wording: ["passing closure as a 'sending' parameter"]
    ) { _ in
      "A closure sent to run in another isolation domain captures a value this code can still reach: capture a copy nothing else holds, or a `Sendable` value. [sent-then-used]"
    },
    Swift6Lesson(
      id: "conformance-crosses-isolation", groups: ["ConformanceIsolation", "IsolatedConformances"],
      wording: ["crosses into", "cannot satisfy nonisolated requirement", "conformance cannot be used"]
    ) { names in
      "A conformance that lets code off its actor call the actor's members through the protocol: \(code(names, or: "a type"))\(names.count > 1 ? " to `\(names[1])`" : ""). Isolate the conformance (`extension T: @MainActor P`) if only that actor uses it, mark the members `nonisolated` if they touch no isolated state, or make the requirement `async` if callers elsewhere need it. [conformance-crosses-isolation]"
    },
    Swift6Lesson(
      id: "mutable-sendable-state", groups: [],
      wording: ["of 'Sendable'-conforming class"]
    ) { names in
      "State that a `Sendable` class lets every thread reach, with nothing to guard it: \(code(names, or: "a stored property")). Keep it in a `let` of a `Sendable` type, such as a `Mutex` around it, or make the type an actor. [mutable-sendable-state]"
    },
    Swift6Lesson(
      id: "non-sendable-member", groups: [],
      wording: ["'Sendable'-conforming struct", "contains non-Sendable type", "has non-Sendable type"]
    ) { names in
      "A stored property whose type says nothing about `Sendable`, inside a type that says it is: \(code(names, or: "a stored property")). Make that type `Sendable` if it is yours, keep a `Sendable` copy of what you need, or, for a module you do not own and until its authors say, import it `@preconcurrency`. [non-sendable-member]"
    },
    Swift6Lesson(
      id: "non-sendable-member", groups: ["AddPreconcurrencyImport"],
      wording: ["add '@preconcurrency' to treat"], isConsequence: true
    ) { _ in
      "The compiler offers `@preconcurrency` for a module whose types say nothing about `Sendable`. [non-sendable-member]"
    },
    Swift6Lesson(
      id: "non-sendable-capture", groups: ["SendableClosureCaptures"],
      wording: ["in a '@Sendable' closure", "in a `@Sendable` closure", "non-Sendable type"]
    ) { names in
      "Not `Sendable`, and captured by a closure that may run on another thread: \(code(names, or: "a value")). Capture a `Sendable` value (a copy of what you need), or keep the work on the actor that owns it. [non-sendable-capture]"
    },
    Swift6Lesson(
      id: "non-sendable-crossing", groups: [],
      wording: ["-typed result can not be returned", "-typed result cannot be returned", "cannot cross actor boundary"]
    ) { names in
      "Not `Sendable`, and crossing from one actor to another, where both could reach it at once: a value of \(code(names, or: "a type")). Make the type a `Sendable` value (a struct of `Sendable` members), or keep it on one side. [non-sendable-crossing]"
    },
    Swift6Lesson(
      id: "isolated-call", groups: ["ActorIsolatedCall"],
      wording: ["actor-isolated", "in a synchronous nonisolated context"]
    ) { names in
      "Belongs to an actor, and reached synchronously from outside it: \(code(names, or: "a member")). Make the caller isolated to the same actor, or `await` it from an `async` context. [isolated-call]"
    },
  ]

  /// The lesson for `diagnostic`, or `nil` when the course has none.
  public static func explaining(_ diagnostic: CompilerDiagnostic) -> Swift6Lesson? {
    all.first { $0.explains(diagnostic) }
  }

  /// The sentence for a diagnostic no lesson explains: it never passes, and it is shown as the compiler wrote it.
  public static let unknownSentence =
    "The Swift 6 build reported something this course does not explain yet; it is shown below as the compiler wrote it, and the exercise passes only once the file builds without it. [\(AntiPattern.unknownDiagnostic)]"
}

/// A way to silence a Swift 6 diagnostic without making what it says true: a promise the compiler takes
/// on trust.
///
/// Read from the learner's code without its comments. Each fails a topic-8 exercise whose header does
/// not allow it, with the sentence that says what it promises and why no compiler can check that.
public struct EscapeHatch: Sendable, Hashable {
  /// The anti-pattern id its sentence ends with.
  public let id: String
  /// The spelling that marks it in code, for a reader: `nonisolated(unsafe)`.
  public let spelling: String
  /// The sentence: what it promises, and why the compiler cannot check it.
  public let sentence: String
  private let pattern: [String]

  init(id: String, spelling: String, pattern: [String], sentence: String) {
    self.id = id
    self.spelling = spelling
    self.pattern = pattern
    self.sentence = sentence
  }

  /// Whether `code` (without comments) uses it: its words in order, with any spacing between them.
  public func isUsed(in code: String) -> Bool {
    let squeezed = code.filter { !$0.isWhitespace }
    return squeezed.contains(pattern.joined())
  }

  /// `nonisolated(unsafe)`.
  public static let nonisolatedUnsafe = EscapeHatch(
    id: "nonisolated-unsafe", spelling: "nonisolated(unsafe)", pattern: ["nonisolated", "(unsafe)"],
    sentence:
      "`nonisolated(unsafe)` promises that something the compiler cannot see (a lock, a queue, the order things happen at launch) keeps every access apart; nothing checks that promise, and the state it marks can still be written from two threads at once. Make the state safe instead: a `let`, an actor's, or behind a `Mutex`. [nonisolated-unsafe]"
  )
  /// `@unchecked Sendable`.
  public static let uncheckedSendable = EscapeHatch(
    id: "unchecked-sendable", spelling: "@unchecked Sendable", pattern: ["@unchecked", "Sendable"],
    sentence:
      "`@unchecked Sendable` promises that the type guards its own mutable state; the compiler takes the word for it and stops checking every member, including the next one someone adds. Make it `Sendable` for real: immutable stored properties, or its state behind a `Mutex`, or an actor. [unchecked-sendable]"
  )
  /// `@preconcurrency`.
  public static let preconcurrency = EscapeHatch(
    id: "preconcurrency", spelling: "@preconcurrency", pattern: ["@preconcurrency"],
    sentence:
      "`@preconcurrency` promises that code written before Swift concurrency is used safely even though its declarations say nothing; the compiler stops checking those uses, and on your own types it turns a compile error into a check at run time. Say what is true of your own code instead. [preconcurrency]"
  )
  /// `MainActor.assumeIsolated`.
  public static let assumeIsolated = EscapeHatch(
    id: "assume-isolated", spelling: "assumeIsolated", pattern: ["assumeIsolated"],
    sentence:
      "`assumeIsolated` promises that this code already runs on the actor; the compiler cannot know where a caller runs, so the promise is checked only at run time, where it traps when it is wrong. Hop to the actor instead (`Task { @MainActor in … }`, or `await`). [assume-isolated]"
  )
  /// `Task.detached`.
  public static let detachedTask = EscapeHatch(
    id: "detached-task", spelling: "Task.detached", pattern: ["Task.detached"],
    sentence:
      "`Task.detached` takes the work off every actor and out of its caller's structure: no cancellation, priority or task-locals reach it, and nothing waits for it. Say where the work runs instead: `@concurrent` on the function that should leave the actor, or an actor that owns it. [detached-task]"
  )

  /// Every escape hatch, in the order a verdict names them.
  public static let all: [EscapeHatch] = [
    nonisolatedUnsafe, uncheckedSendable, preconcurrency, assumeIsolated, detachedTask,
  ]
}

/// How a topic-8 exercise is built in the Swift 6 language mode: the flags beyond the mode, and the
/// escape hatches its header allows.
public struct Swift6Grading: Sendable, Codable, Hashable {
  /// Compiler flags added to `-swift-version 6`, such as Swift 6.2's `-default-isolation MainActor`.
  public let flags: [String]
  /// The ids of the escape hatches the header allows (an SDK the learner does not own).
  public let allowed: [String]
  /// Other modules of the course the file imports, built from their sources first: `VendorSDK`.
  public let imports: [String]
  /// The module's other files, from the package root, which the learner does not edit: the file is
  /// built with them, as one module (8.7).
  public let companions: [String]
  /// The exercise's own sentence for a lesson's id, where the lesson's general one would advise what
  /// the exercise rules out (making a type `Sendable` that the learner does not own); `{0}` stands for
  /// the declarations the diagnostic names.
  public let sentences: [String: String]

  /// Grading with `flags` added to the Swift 6 mode, allowing the escape hatches `allowed`.
  public init(
    flags: [String] = [], allowing allowed: [String] = [], imports: [String] = [], companions: [String] = [],
    sentences: [String: String] = [:]
  ) {
    self.flags = flags
    self.allowed = allowed
    self.imports = imports
    self.companions = companions
    self.sentences = sentences
  }

  /// In ``allowed``: `@preconcurrency` on an import, and only there, with a comment above it.
  public static let preconcurrencyImport = "preconcurrency-import"
}
