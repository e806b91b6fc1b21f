import Foundation
import Testing

@testable import course

@Suite("The command line: help, unknown names, parsing")
struct CommandLineTests {
  @Test("Every command has help generated from its own description")
  func everyCommandHasHelp() {
    for command in CourseCommand.commands {
      #expect(command.info.help.contains("USAGE: swift run course \(command.info.usage)"))
    }
    #expect(CourseCommand.help().contains("verify"))
  }

  @Test("An unknown option is answered with the closest known one")
  func unknownOptionSuggests() throws {
    var arguments = Arguments(["1.1", "--jsn"], command: "check")
    #expect {
      _ = try CheckCommand(&arguments)
    } throws: { error in
      String(describing: error).contains("Did you mean --json?")
    }
  }

  @Test("An unknown exercise is answered with the closest ids")
  func unknownExerciseSuggests() throws {
    let course = Course(workspace: Workspace(root: URL(fileURLWithPath: "/")), style: Style(isEnabled: false))
    #expect {
      _ = try course.resolve("1.8")
    } throws: { error in
      String(describing: error).contains("Did you mean 1.1")
    }
    #expect(try course.resolve("1").count == course.topics[0].exercises.count)
    #expect(try course.resolve("promisechains").count == course.topics[0].exercises.count)
  }

  @Test("Colour only on a terminal, and never with NO_COLOR")
  func colourRules() {
    #expect(Style.forStandardOutput(environment: ["NO_COLOR": "1"]).isEnabled == false)
    #expect(Style(isEnabled: false).green("ok") == "ok")
    #expect(Style(isEnabled: true).green("ok") != "ok")
  }

  @Test("Suggestions rank by edit distance, a swap of two letters is one edit, and only close ones are made")
  func suggestions() {
    #expect(Suggestions.distance("kitten", "sitting") == 3)
    #expect(Suggestions.distance("hnit", "hint") == 1)
    #expect(Suggestions.closest(to: "chek", in: ["check", "hint", "reset"]) == ["check"])
    #expect(Suggestions.closest(to: "hnit", in: ["check", "hint", "reset"]) == ["hint"])
    let ids = ["1.1", "1.2", "1.3", "3.4", "6.6"]
    #expect(Suggestions.closest(to: "9.9", in: ids).isEmpty, "ids that share only the dot are not close")
    #expect(Suggestions.closest(to: "3.5", in: ids) == ["3.4"])
  }
}

@Suite("Bad input gets a clear error, never a quiet default")
struct BadInputTests {
  @Test(
    "A number option given something else is refused, naming the option and the value",
    arguments: [
      ["interview", "--seed", "abc"], ["watch", "--interval", "soon"], ["check", "1.1", "--timeout", "-3"],
      ["verify", "--timeout", "ten"], ["watch", "--max-checks", "2.5"],
    ])
  func numbersAreChecked(_ words: [String]) throws {
    var arguments = Arguments(Array(words.dropFirst()), command: words[0])
    let error = #expect(throws: CourseError.self) {
      switch words[0] {
      case "interview": _ = try InterviewCommand(&arguments)
      case "watch": _ = try WatchCommand(&arguments)
      case "check": _ = try CheckCommand(&arguments)
      default: _ = try VerifyCommand(&arguments)
      }
    }
    #expect("\(error.map { "\($0)" } ?? "")".contains("is not one"))
  }

  @Test("A seed of zero is a seed")
  func zeroSeed() throws {
    var arguments = Arguments(["--seed", "0"], command: "interview")
    #expect(try InterviewCommand(&arguments).seed == 0)
  }

  @Test("A scratch verdict names the scratch copy's files and the --scratch command, for its topic's exercises")
  func scratchWording() throws {
    let course = Course(workspace: Workspace(root: URL(fileURLWithPath: "/")), style: Style(isEnabled: false))
    let (topic, exercise) = try course.exercise("6.6")
    let other = topic.exercises[0]
    let line =
      "This test uses exercise \(other.id). Open \(topic.exercisePath(other)), then check it with "
      + "`swift run course check \(other.id)`; and \(topic.exercisePath(exercise)): swift run course check \(exercise.id)"
    let scratch = CheckCommand.inScratchWords(line, topic: topic)
    #expect(!scratch.contains("Exercises/"), "\(scratch)")
    #expect(scratch.contains("\(Workspace.scratchFolder)/\(topic.module)/\(other.fileName)"))
    #expect(scratch.contains("`swift run course check \(other.id) --scratch`"))
    #expect(scratch.hasSuffix("swift run course check \(exercise.id) --scratch"))
    #expect(CheckCommand.inScratchWords(scratch, topic: topic) == scratch, "said once, not twice")
  }
}
