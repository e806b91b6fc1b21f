/// `course hint <id>`: the next hint each time, remembered between runs.
struct HintCommand: Command {
  static let info = CommandInfo(
    name: "hint", abstract: "Show the next hint for an exercise; each call reveals one more.",
    usage: "hint <id> [--again]",
    options: [("--again", "Show the hints seen so far, without revealing a new one.")])

  var id: String
  var again: Bool

  init(_ arguments: inout Arguments) throws {
    again = arguments.flag("--again")
    id = try arguments.required("exercise", example: "hint 1.2")
    try arguments.finish(known: ["--again"])
  }

  func run(_ course: Course) throws -> Int32 {
    let (topic, exercise) = try course.exercise(id)
    let seen = course.progress.contents.hintsShown[id, default: 0]
    let shown = again ? max(seen, 1) : min(seen + 1, exercise.hints.count)
    course.progress.contents.hintsShown[id] = max(seen, shown)
    course.progress.save()
    for (index, hint) in exercise.hints.prefix(shown).enumerated() {
      let label = "Hint \(index + 1) of \(exercise.hints.count)"
      print((index == shown - 1 ? course.style.bold(label) : course.style.dim(label)) + ": \(hint)")
    }
    if seen >= exercise.hints.count, !again {
      print(course.style.dim("That was the last hint. The lesson section: \(topic.lessonLink(exercise))."))
    }
    return 0
  }
}
