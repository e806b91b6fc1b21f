import CourseCatalog
import Foundation

/// The text of the exercise file the test target was built from, for checks of a review's tells.
///
/// Some fixes cannot be told apart by behaviour: a presenter with its own, now
/// correct, copy of the bridge behaves like one that calls the adapter. The lesson
/// names the tell instead ("a continuation outside the adapter types"), and a test can
/// look for it in the file. The folder follows the package manifest: `Solutions` with
/// `COURSE_SOLUTIONS=1`, the folder in `COURSE_EXERCISES` (the course's scratch copies),
/// or `Exercises`.
public enum ExerciseSource {
  /// The source of exercise `id`, or `nil` when the file cannot be read.
  public static func text(of id: String) -> String? {
    guard let (topic, exercise) = Catalog.exercise(id) else { return nil }
    let environment = ProcessInfo.processInfo.environment
    let folder =
      environment["COURSE_SOLUTIONS"] == "1" ? "Solutions" : environment["COURSE_EXERCISES"] ?? "Exercises"
    let here = #filePath
    guard let sources = here.range(of: "/Sources/CourseKit/") else { return nil }
    let path = "\(here[..<sources.lowerBound])/\(folder)/\(topic.module)/\(exercise.fileName)"
    return try? String(contentsOfFile: path, encoding: .utf8)
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
