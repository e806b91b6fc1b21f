import CourseCatalog

/// `course bank`: the interview question bank, generated from the lessons, the catalog and the answers.
struct BankCommand: Command {
  static let info = CommandInfo(
    name: "bank", abstract: "Print the interview question bank as Markdown (Docs/interview-questions.md's source).",
    usage: "bank")

  init(_ arguments: inout Arguments) throws {
    try arguments.finish(known: [])
  }

  func run(_ course: Course) throws -> Int32 {
    print(InterviewBank(root: course.workspace.root, topics: course.topics).markdown, terminator: "")
    return 0
  }
}
