import Foundation
import Testing

@testable import course

/// Editors pass the open file's path; `course check` and the other commands take it for the exercise it belongs to.
@Suite("A file's path names its exercise")
struct FileArgumentTests {
  let course = Course(workspace: Workspace(root: URL(fileURLWithPath: "/")), style: Style(isEnabled: false))

  @Test(
    "An exercise's file, its solution and its suite's file all name the exercise",
    arguments: [
      "/home/learner/course/Exercises/PromiseChains/Ex1_3_HandleErrors.swift",
      "Exercises/PromiseChains/Ex1_3_HandleErrors.swift",
      "Ex1_3_HandleErrors.swift",
      "/home/learner/course/Solutions/PromiseChains/Ex1_3_HandleErrors.swift",
      "/home/learner/course/Tests/PromiseChainsTests/Ex1_3_HandleErrorsTests.swift",
      "/home/learner/course/.course/scratch/PromiseChains/Ex1_3_HandleErrors.swift",
    ])
  func pathNamesExercise(path: String) throws {
    #expect(try course.resolve(path).map(\.exercise.id) == ["1.3"])
    #expect(try course.exercise(path).exercise.id == "1.3")
  }

  @Test("`course check <path>` takes the path as the exercise to check")
  func checkTakesAPath() throws {
    let path = "/home/learner/course/Exercises/Capstone/Ex6_1_DashboardModel.swift"
    var arguments = Arguments([path, "--verbose"], command: "check")
    let command = try CheckCommand(&arguments)
    #expect(command.key == path)
    #expect(try course.resolve(command.key).map(\.exercise.id) == ["6.1"])
  }

  @Test(
    "A file that belongs to no exercise is answered in words",
    arguments: ["/home/learner/course/Package.swift", "/home/learner/course/Docs/01-promise-chains.md"])
  func otherFileIsExplained(path: String) {
    #expect {
      _ = try course.resolve(path)
    } throws: { error in
      String(describing: error).contains("\(path.split(separator: "/").last ?? "") is not an exercise's file")
    }
  }

  @Test("Ids, topics and `all` are not taken for files", arguments: ["1.3", "1", "PromiseChains", "all"])
  func idsAreNotFiles(key: String) throws {
    #expect(try course.exercise(forFile: key) == nil)
  }
}
