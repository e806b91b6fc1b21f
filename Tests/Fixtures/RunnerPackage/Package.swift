// swift-tools-version: 6.0
// A tiny course-shaped package whose exercises are named for the verdict `course check` must give them.
// The runner's tests (Tests/CourseRunnerTests) check these fixtures; nothing else builds them.
import PackageDescription

let topics = [
  "Passes", "Fails", "DoesNotCompile", "Crashes", "Hangs", "NotStarted", "Loops", "CrashesOnce", "Prerequisite", "Slow",
]
let folder = Context.environment["COURSE_EXERCISES"] ?? "Exercises"
let selected = Context.environment["COURSE_TOPICS"].map { Set($0.split(separator: ",").map(String.init)) }

let package = Package(
  name: "AsyncMigrationCourseRunnerFixtures",
  platforms: [.macOS(.v15)],
  targets: topics.filter { selected?.contains($0) ?? true }.flatMap { topic -> [Target] in
    [
      .target(name: topic, path: "\(folder)/\(topic)"),
      .testTarget(name: topic + "Tests", dependencies: [.target(name: topic)], path: "Tests/\(topic)Tests"),
    ]
  }
    // A topic whose learner writes the tests: the exercise folder is the test target, and the subject
    // (`MutatedSubjects`) is correct unless `COURSE_MUTANT` names one of its mutants.
    + (selected?.contains("Mutated") ?? true
      ? [
        .target(name: "MutatedSubjects", path: "Tests/MutatedSubjects"),
        .testTarget(name: "MutatedTests", dependencies: ["MutatedSubjects"], path: "\(folder)/Mutated"),
      ] : []),
  swiftLanguageModes: [.v6]
)
