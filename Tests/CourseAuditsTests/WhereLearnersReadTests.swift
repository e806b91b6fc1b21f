import CourseAudits
import CourseCatalog
import Foundation
import Testing

/// A learner keeps out of `Tests/` and `Solutions/`: the audit fails on a header that sends them
/// there, on a module file not quoted whole, and on a lesson that hands over an exercise's answer.
@Suite("What a learner reads is enough, and gives nothing away")
struct WhereLearnersReadTests {
  static let root = CatalogAuditTests.root

  @Test("A lesson block that declares the exercise's own type with three of its solution's lines is a spoiler")
  func solutionQuoted() {
    let lesson = """
      ```swift
      @MainActor
      final class ArticleListPresenter: ArticleListPresenterProtocol {
        func onViewDidLoad() {
          loading = Task {
            do {
              articles = try await repository.latest(refresh: false)
              view?.reloadList()
            } catch {
              view?.handleApiError(error: error)
            }
          }
        }
      }
      ```
      """
    let found = CatalogAudit(root: Self.root).spoilers(in: lesson, named: "lesson.md")
    #expect(found.count == 1 && found[0].contains("quotes the solution of 3.6"), "\(found)")
  }

  @Test("The same idiom in another example teaches, and is no spoiler")
  func sameIdiomElsewhere() {
    let lesson = """
      ```swift
      @MainActor
      final class HeadlinePresenter {
        func onAppear() {
          Task {
            do {
              articles = try await repository.latest(refresh: false)
              view?.reloadList()
            } catch {
              view?.handleApiError(error: error)
            }
          }
        }
      }
      ```
      """
    #expect(CatalogAudit(root: Self.root).spoilers(in: lesson, named: "lesson.md").isEmpty)
  }

  @Test("A block copied from a file in Solutions/ is a spoiler, whatever it holds")
  func copiedFromSolutions() {
    let lesson = "<!-- from: Solutions/StrictConcurrency/Ex8_7_FeedModels.swift -->\n```swift partial\nlet x = 1\n```\n"
    #expect(CatalogAudit(root: Self.root).spoilers(in: lesson, named: "lesson.md").count == 1)
  }

  @Test("A module file is quoted as a header quotes it: code after its opening comment, each line behind `//   `")
  func quotedForm() {
    let file =
      "// A file's own comment.\n// Its second line.\n\n/// A store.\npublic actor Store {\n\n  func f() {}\n}\n"
    #expect(CatalogAudit.quoted(file) == "//   /// A store.\n//   public actor Store {\n//\n//     func f() {}\n//   }")
  }

  @Test("A header that names a file in Tests/ sends the learner there, and is caught")
  func headerIntoTests() throws {
    // The audit reads the shipped exercises from a folder under the package's root.
    let relative = ".build/where-learners-read-\(UUID().uuidString)"
    let folder = Self.root.appendingPathComponent(relative)
    defer { try? FileManager.default.removeItem(at: folder) }
    let topic = try #require(Catalog.topic("1"))
    let exercise = topic.exercises[0]
    let shipped = folder.appendingPathComponent("PromiseChains")
    try FileManager.default.createDirectory(at: shipped, withIntermediateDirectories: true)
    try "// Read Tests/PromiseChainsTests/Support.swift to see how it is called.\n".write(
      to: shipped.appendingPathComponent(exercise.fileName), atomically: true, encoding: .utf8)
    let problems = CatalogAudit(root: Self.root, shippedExercises: relative).whereLearnersReadProblems(
      of: Topic(
        number: topic.number, module: topic.module, title: topic.title, lessonFile: topic.lessonFile,
        exercises: [exercise]))
    #expect(problems.contains { $0.contains("sends the learner into Tests/") }, "\(problems)")
  }
}
