import CourseCatalog
import Foundation

/// The text of the exercise file the test target was built from, for checks of a review's tells.
///
/// Some fixes cannot be told apart by behaviour: a presenter with its own, now
/// correct, copy of the bridge behaves like one that calls the adapter. The lesson
/// names the tell instead ("a continuation outside the adapter types"), and a test can
/// look for it in the file. The folder is the one the manifest built the exercise targets from,
/// compiled into the kit: `Solutions` with `COURSE_SOLUTIONS=1`, the folder in `COURSE_EXERCISES`
/// (the course's scratch copies, whose runs set it for the tests too), or `Exercises`. Never the
/// test process's environment alone: Xcode hands a scheme's variables to the tests, not to the
/// manifest, and a check must read the file that was built.
public enum ExerciseSource {
  /// The source of exercise `id`, or `nil` when the file cannot be read.
  public static func text(of id: String) -> String? {
    path(of: id).flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
  }

  /// The path of exercise `id`'s file, the one the test target was built from, or `nil` for an unknown id.
  public static func path(of id: String) -> String? {
    guard let (topic, exercise) = Catalog.exercise(id), let root = packageRoot else { return nil }
    #if COURSE_BUILT_FROM_SOLUTIONS
      let folder = "Solutions"
    #elseif COURSE_BUILT_FROM_COURSE_EXERCISES
      let folder = ProcessInfo.processInfo.environment["COURSE_EXERCISES"] ?? "Exercises"
    #else
      let folder = "Exercises"
    #endif
    return folder.hasPrefix("/")
      ? "\(folder)/\(topic.module)/\(exercise.fileName)" : "\(root)/\(folder)/\(topic.module)/\(exercise.fileName)"
  }

  /// The package's root folder, from where this file was compiled.
  public static var packageRoot: String? {
    let here = #filePath
    return here.range(of: "/Sources/CourseKit/").map { String(here[..<$0.lowerBound]) }
  }

  /// The source of exercise `id` without its comments, or `nil` when the file cannot be read: a
  /// comment that names a call does not make it.
  public static func code(of id: String) -> String? {
    text(of: id).map(SuiteRule.withoutComments)
  }

  /// The declaration that starts with `header` (such as `final class FeedPresenter`) in `source`,
  /// up to its closing brace at the start of a line; comments are kept.
  public static func declaration(_ header: String, in source: String) -> String? {
    guard let start = source.range(of: header) else { return nil }
    let rest = source[start.lowerBound...]
    guard let end = rest.range(of: "\n}") else { return String(rest) }
    return String(rest[..<end.upperBound])
  }
}
