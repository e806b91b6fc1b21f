// swift-tools-version: 6.2
import PackageDescription

// MARK: - The course's one table of topics

/// A topic of the course: one exercise target and one test target, derived below.
struct Topic {
  /// The module name: `Exercises/<name>`, `Solutions/<name>`, and the test target `<name>Tests`.
  let name: String
  /// The Swift language mode of the exercise target; Swift 6 unless a lesson needs otherwise.
  var languageMode: SwiftLanguageMode = .v6
  /// Whether a warning in the exercise target fails its build (topic 5 teaches warning-free Swift 6).
  var warningsAreErrors = false
  /// Whether the learner writes tests (topic 7): the exercise folder is then a test target, run
  /// against the subjects in `Tests/<name>Subjects`, the correct ones and the hidden mutants.
  var learnerWritesTests = false
  /// Upcoming features the exercise target turns on (topic 8 builds its Swift 5 code with Swift 6's
  /// run-time isolation checks, so code that compiles and then crashes crashes in its tests too).
  var upcomingFeatures: [String] = []
  /// The Swift language mode of the graded suite: topic 8's suites read the shipped Swift 5 globals,
  /// which Swift 6 code may not name.
  var testLanguageMode: SwiftLanguageMode = .v6
  /// Modules of this package the exercises use beyond the ones every topic does.
  var extraDependencies: [Target.Dependency] = []
  /// Folders of the test target that it does not compile: topic 8's module of several files, which
  /// its check builds with the learner's file.
  var testExcludes: [String] = []
  /// Whether the exercise target's build keeps quiet: topic 8's legacy code warns in the Swift 5 mode
  /// about what its check, which builds each file in Swift 6, reports in the lesson's words.
  var quietBuild = false
  /// Whether the suites compare the learner's code with the solutions on generated scenarios (see
  /// `referenceTarget(of:)`): topic 8's mistakes are declarations the compiler grades, not data.
  var hasReference = true

  var settings: [SwiftSetting] {
    [.swiftLanguageMode(languageMode)] + (warningsAreErrors ? [.treatAllWarnings(as: .error)] : [])
      + upcomingFeatures.map { .enableUpcomingFeature($0) } + (quietBuild ? [.unsafeFlags(["-suppress-warnings"])] : [])
  }
}

/// Every topic, in teaching order. Everything else in this manifest is derived from it.
let topics: [Topic] = [
  Topic(name: "PromiseChains"),
  Topic(name: "AnyPromiseSemantics"),
  Topic(name: "ContinuationAdapters"),
  Topic(name: "RepeatingSources"),
  Topic(name: "MainActorDelegates", warningsAreErrors: true),
  Topic(name: "ProvingAdapters", learnerWritesTests: true),
  Topic(name: "Capstone"),
  // Legacy code, built in the Swift 5 mode as shipped; its check builds each file again in Swift 6.
  Topic(
    name: "StrictConcurrency", languageMode: .v5, upcomingFeatures: ["DynamicActorIsolation"],
    testLanguageMode: .v5, extraDependencies: ["VendorSDK"], testExcludes: ["FeedModule"], quietBuild: true,
    hasReference: false),
  Topic(name: "ActorsAndTasks"),
  Topic(name: "UncooperativeLegacy"),
]

// MARK: - Switches read from the environment

/// `COURSE_SOLUTIONS=1` builds the hidden solutions in place of the learner's exercises.
/// (`COURSE_EXERCISES=<folder>` points the exercise targets at another folder of the same shape:
/// the `course` command uses it for the instructor's scratch copy.)
let exercisesFolder =
  Context.environment["COURSE_SOLUTIONS"] == "1" ? "Solutions" : Context.environment["COURSE_EXERCISES"] ?? "Exercises"

/// `COURSE_TOPICS=PromiseChains,ContinuationAdapters` builds only those topics, so that a
/// half-edited file in one topic cannot stop another topic from building and running.
let selectedTopics: Set<String>? = Context.environment["COURSE_TOPICS"].map { list in
  Set(list.split(separator: ",").map { String($0.filter { !$0.isWhitespace }) })
}

/// Which folder the exercise targets are built from, compiled into the kit, so that a check that reads
/// an exercise's file reads the one that was built. Xcode hands a scheme's variables to the test
/// process but never to this manifest, so the test process's environment alone cannot say.
let builtFromSettings: [SwiftSetting] =
  exercisesFolder == "Solutions"
  ? [.define("COURSE_BUILT_FROM_SOLUTIONS")]
  : Context.environment["COURSE_EXERCISES"] != nil ? [.define("COURSE_BUILT_FROM_COURSE_EXERCISES")] : []

/// `COURSE_SUBJECTS=<folder>` builds topic 7's subjects from that folder: `course check` writes them there
/// with the operators' mutants compiled in, beside the hand-written ones. Without it, the subjects as written.
let subjectsFolder = Context.environment["COURSE_SUBJECTS"] ?? "Tests"

let builtTopics = topics.filter { selectedTopics?.contains($0.name) ?? true }

/// The course machinery's own tests (the test kit's and the runner's) run where the course itself is
/// checked: with the solutions, or with `COURSE_SELF_TESTS=1`. A learner's plain `swift test` runs
/// the graded suites, so every failure it prints is about the learner's code, and none is a
/// deliberate failure that the kit's self-tests provoke and expect.
let selfTests = Context.environment["COURSE_SOLUTIONS"] == "1" || Context.environment["COURSE_SELF_TESTS"] == "1"

// MARK: - Targets

let exerciseDependencies: [Target.Dependency] = ["PromiseKitLite", "LegacyKit", "CourseCatalog", "Locking"]

/// Each topic's solutions, built as a module of its own, `<Topic>Reference`, that the graded suites
/// (never the exercises) import, to compare the learner's code with it on generated scenarios. Built
/// from the solutions, outside the exercise target; when the exercise target is the solutions
/// (`COURSE_SOLUTIONS=1`), a module that re-exports it, so that the suite compares it with itself.
/// Topic 7's solutions are tests, and topic 8's mistakes are declarations: neither has one.
func referenceTarget(of topic: Topic) -> Target? {
  guard !topic.learnerWritesTests, topic.hasReference else { return nil }
  let name = topic.name + "Reference"
  if exercisesFolder == "Solutions" {
    return .target(
      name: name, dependencies: [.target(name: topic.name)], path: "Tests/References/\(topic.name)")
  }
  return .target(
    name: name, dependencies: exerciseDependencies + topic.extraDependencies, path: "Solutions/\(topic.name)",
    swiftSettings: topic.settings)
}

let topicTargets: [Target] = builtTopics.flatMap { topic -> [Target] in
  if topic.learnerWritesTests {
    // The learner's file is a test file, so Xcode's and VS Code's test navigators list and run it.
    // What it tests is chosen when the tests run: the correct subject, or one of the hidden mutants
    // that `course check` swaps in through `COURSE_MUTANT`, all from one build.
    return [
      .target(
        name: topic.name + "Subjects", dependencies: ["LegacyKit", "PromiseKitLite", "Locking"],
        path: "\(subjectsFolder)/\(topic.name)Subjects", swiftSettings: topic.settings),
      .testTarget(
        name: topic.name + "Tests",
        dependencies: [.target(name: topic.name + "Subjects"), "ProvingKit"] + exerciseDependencies,
        path: "\(exercisesFolder)/\(topic.name)", swiftSettings: topic.settings),
    ]
  }
  let reference = referenceTarget(of: topic)
  return [
    .target(
      name: topic.name,
      dependencies: exerciseDependencies + topic.extraDependencies,
      path: "\(exercisesFolder)/\(topic.name)",
      swiftSettings: topic.settings
    ),
    .testTarget(
      name: topic.name + "Tests",
      dependencies: [.target(name: topic.name), "CourseKit"] + exerciseDependencies + topic.extraDependencies
        + (reference == nil ? [] : [.target(name: topic.name + "Reference")]),
      path: "Tests/\(topic.name)Tests",
      exclude: topic.testExcludes,
      swiftSettings: [.swiftLanguageMode(topic.testLanguageMode)]
    ),
  ] + (reference.map { [$0] } ?? [])
}

let selfTestTargets: [Target] =
  selfTests
  ? [
    .testTarget(name: "CourseRunnerTests", dependencies: ["course", "CourseAudits", "CourseCatalog", "Platform"]),
    .testTarget(
      name: "CourseKitTests",
      dependencies: ["CourseKit", "CourseCatalog", "LegacyKit", "PromiseKitLite", "Locking", "Platform"]),
    .testTarget(name: "PlatformTests", dependencies: ["Platform"]),
  ] : []

let package = Package(
  name: "AsyncMigrationCourse",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "PromiseKitLite", targets: ["PromiseKitLite"]),
    .library(name: "LegacyKit", targets: ["LegacyKit"]),
    .executable(name: "course", targets: ["course"]),
  ],
  targets: [
    .target(name: "Locking"),
    // Every call that differs between Linux and Darwin, and every process, signal and file-lock call,
    // behind one small API (see Platform.swift). CLibproc brings it libproc on a Mac.
    .systemLibrary(name: "CLibproc"),
    .target(name: "Platform", dependencies: ["CLibproc"]),
    .target(name: "PromiseKitLite", dependencies: ["Locking"]),
    .target(name: "LegacyKit", dependencies: ["PromiseKitLite", "Locking"]),
    // An SDK the course does not own, as its vendor ships it: Swift 5, no concurrency annotations.
    .target(name: "VendorSDK", swiftSettings: [.swiftLanguageMode(.v5)]),
    .target(name: "CourseCatalog", dependencies: ["Locking"]),
    // The maintainers' audits of the catalog, the suites' sentences, the lessons and the corpus: beside
    // the tools that run them (`course verify`, their tests), never in a learner's exercise build.
    .target(name: "CourseAudits", dependencies: ["CourseCatalog"]),
    // Out-of-order scheduling on demand, for the tests and the demo that show a race every time.
    .target(name: "Scheduling", dependencies: ["Locking", "Platform"]),
    .target(
      name: "CourseKit",
      dependencies: ["CourseCatalog", "LegacyKit", "PromiseKitLite", "Locking", "Platform", "Scheduling"],
      swiftSettings: builtFromSettings),
    // What a learner's tests of topic 7 may use beyond Swift Testing: a deadline and a stub repository.
    .target(name: "ProvingKit", dependencies: ["CourseCatalog", "CourseKit", "LegacyKit", "Locking"]),
    .executableTarget(
      name: "course", dependencies: ["CourseAudits", "CourseCatalog", "Locking", "Platform", "Scheduling"]),
    .executableTarget(name: "PromiseBenchmarks", dependencies: ["PromiseKitLite", "Platform"]),
    .testTarget(name: "PromiseKitLiteTests", dependencies: ["PromiseKitLite", "Locking"]),
    .testTarget(name: "CourseAuditsTests", dependencies: ["CourseAudits", "CourseCatalog"]),
    // The lessons' code examples, compiled and tested so that they stay true.
    .target(name: "LessonExamples", dependencies: ["PromiseKitLite", "LegacyKit"], path: "Docs/Examples"),
    .testTarget(name: "LessonExamplesTests", dependencies: ["LessonExamples", "LegacyKit", "ProvingKit"]),
    // Topic 5's lesson starts from code written before Swift 6; it must still compile as written.
    .target(
      name: "LessonExamplesSwift5", dependencies: ["LegacyKit"], path: "Docs/ExamplesSwift5",
      swiftSettings: [.swiftLanguageMode(.v5)]),
  ] + topicTargets + selfTestTargets,
  swiftLanguageModes: [.v6]
)
