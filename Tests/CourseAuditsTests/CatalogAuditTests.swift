import CourseAudits
import CourseCatalog
import Foundation
import Testing

@Suite("The catalog agrees with the files")
struct CatalogAuditTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test("Every exercise has its file, solution, suite, lesson section and hints, and every file is listed")
  func catalogIsComplete() {
    let problems = CatalogAudit(root: Self.root).problems()
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test("The audit catches a missing solution, a missing anchor, a clashing filter and a missing hint")
  func auditCatchesProblems() {
    let broken = Topic(
      number: 9, module: "PromiseChains", title: "Broken", lessonFile: "01-promise-chains.md",
      exercises: [
        Exercise(
          id: "9.1", title: "Missing", grade: .warmUp, points: 1, name: "Ex9_1", lessonAnchor: "no-such-heading",
          hints: []),
        Exercise(
          id: "9.10", title: "Clash", grade: .warmUp, points: 1, name: "Ex9_1Tests_", lessonAnchor: "x", hints: ["h"]),
      ])
    let problems = CatalogAudit(root: Self.root).problems(topics: [broken]).joined(separator: "\n")
    #expect(problems.contains("has no solution at Solutions/PromiseChains/Ex9_1.swift"))
    #expect(problems.contains("#no-such-heading is not a heading"))
    #expect(problems.contains("has 0 hints"))
    #expect(problems.contains("The filter of 9.1 also selects 9.10"))
    #expect(problems.contains("Exercises/PromiseChains/Ex1_1_WrapCompletionHandler.swift is not in the catalog"))
    #expect(problems.contains("No item of Docs/01-promise-chains.md's checklist names exercise 9.1."))
    #expect(problems.contains("names 1.1, which is not an exercise of topic 9"))
  }

  @Test("A checklist item's exercises are read from its hidden comment, and taken out of its text")
  func checklistItemsNameTheirExercises() {
    let lesson = """
      ## Checklist

      What a reviewer checks:

      - The first item, which wraps
        onto a second line.
        <!-- exercises: 1.1 1.5 -->
      - The second item, untagged.

      ## Interview questions

      - Not an item of the checklist. <!-- exercises: 1.2 -->
      """
    #expect(
      LessonChecklist.items(inLesson: lesson) == [
        .init(text: "The first item, which wraps onto a second line.", exercises: ["1.1", "1.5"]),
        .init(text: "The second item, untagged.", exercises: []),
      ])
  }

  @Test("The audit catches a bullet with no anti-pattern, an anti-pattern with no wrong answer, and an unknown id")
  func auditLinksBulletsAndWrongAnswers() throws {
    let real = try #require(Catalog.exercise("3.4")?.exercise)
    let unlinked = Exercise(
      id: "3.4", title: real.title, grade: real.grade, points: real.points, name: real.name,
      lessonAnchor: real.lessonAnchor, hints: real.hints,
      antiPatterns: [
        AntiPattern(id: "resume-every-callback", "A second callback resumes a second time"),
        AntiPattern(id: "resume-every-callback", "A second callback resumes a second time"),
        AntiPattern(id: "never-committed", "A second callback resumes"),
        AntiPattern(id: "Not An Id", "A bullet the lesson never wrote"),
      ])
    let topic = Topic(
      number: 3, module: "ContinuationAdapters", title: "Checked-continuation adapters",
      lessonFile: "03-continuation-adapters.md", exercises: [unlinked])
    let problems = CatalogAudit(root: Self.root).wrongAnswerProblems(of: topic).joined(separator: "\n")
    #expect(problems.contains("says the tests catch \"Two simultaneous callbacks"))
    #expect(problems.contains("declares the anti-pattern `resume-every-callback` twice"))
    #expect(problems.contains("is declared by 3 anti-patterns"))
    #expect(problems.contains("`never-committed` (\"A second callback resumes\") has no wrong answer that names it"))
    #expect(problems.contains("\"A bullet the lesson never wrote\", which is not a bullet"))
    #expect(problems.contains("\"Not An Id\" is not lowercase words joined by dashes"))
    #expect(
      problems.contains(
        "3.4-didresume-flag.patch names the anti-pattern `didresume-flag`, which exercise 3.4 does not declare"))
  }

  @Test("The audit catches an implication of an undeclared id, and one that loops back to its cause")
  func auditChecksImplications() {
    let exercise = Exercise(
      id: "9.1", title: "T", grade: .warmUp, points: 1, name: "Ex9_1", lessonAnchor: "x", hints: ["h"],
      antiPatterns: [
        AntiPattern(id: "lost-error", unlisted: "Loses the error", implies: ["empty-screen", "never-finished"]),
        AntiPattern(id: "empty-screen", unlisted: "Leaves the screen empty", implies: ["no-such-id", "lost-error"]),
        AntiPattern(id: "self-made", unlisted: "Its own cause", implies: ["self-made"]),
        AntiPattern(id: "plain", unlisted: "Implies nothing"),
      ])
    let topic = Topic(number: 9, module: "None", title: "T", lessonFile: "none.md", exercises: [exercise])
    let problems = CatalogAudit(root: Self.root).implicationProblems(of: topic)
    #expect(
      problems.sorted() == [
        "Exercise 9.1's anti-pattern `empty-screen` implies `no-such-id`, which the exercise does not declare.",
        "Exercise 9.1's anti-pattern `empty-screen` implies itself: a cause must not be its own consequence.",
        "Exercise 9.1's anti-pattern `lost-error` implies itself: a cause must not be its own consequence.",
        "Exercise 9.1's anti-pattern `self-made` implies itself: a cause must not be its own consequence.",
      ], "a kit id (`never-finished`) may be implied")
  }

  @Test("In a section several exercises share, each bullet is held to the exercise it names")
  func sharedSectionHoldsBulletsToTheirExercise() throws {
    // 6.2 to 6.5 share "One source at a time"; drop 6.4's links, and only 6.4's bullets go unlinked.
    let capstone = try #require(Catalog.topic("6"))
    let exercises = capstone.exercises.map { exercise in
      exercise.id != "6.4"
        ? exercise
        : Exercise(
          id: exercise.id, title: exercise.title, grade: exercise.grade, points: exercise.points,
          name: exercise.name, lessonAnchor: exercise.lessonAnchor, hints: exercise.hints, buildsOn: exercise.buildsOn)
    }
    let topic = Topic(
      number: capstone.number, module: capstone.module, title: capstone.title, lessonFile: capstone.lessonFile,
      exercises: exercises)
    let unlinked = CatalogAudit(root: Self.root).wrongAnswerProblems(of: topic).filter {
      $0.contains("declares no anti-pattern for it")
    }
    #expect(!unlinked.isEmpty)
    #expect(unlinked.allSatisfy { $0.contains("\"6.4: ") && $0.contains("exercise 6.4 declares") }, "\(unlinked)")
  }

  @Test("A lesson's anti-pattern bullets are read with their continuation lines, by section")
  func antiPatternBullets() {
    let lesson = """
      ## First section

      **Anti-patterns the tests catch.**

      - One bullet
        that goes on.
      - Two.

      Exercise 1 does it.

      ## Second section

      These are the anti-patterns the tests catch:

      1. **Numbered.** With a tell
         on two lines.
      """
    let bullets = CatalogAudit.antiPatternBullets(in: lesson)
    #expect(bullets["first-section"] == ["One bullet that goes on.", "Two."])
    #expect(bullets["second-section"] == ["**Numbered.** With a tell on two lines."])
  }

  @Test("Anchors follow GitHub's rule")
  func anchors() {
    #expect(CatalogAudit.anchor(for: "Errors: catch, recover, ensure") == "errors-catch-recover-ensure")
    #expect(CatalogAudit.anchors(in: "# A\n```\n# not a heading\n```\n## Wrap a callback") == ["a", "wrap-a-callback"])
  }
}
