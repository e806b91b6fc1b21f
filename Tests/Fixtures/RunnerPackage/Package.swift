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
  },
  swiftLanguageModes: [.v6]
)
