// `swift run course`: the learners' and instructors' front door to the course, and the maintainers' check.

import Foundation

let commands: [any Command.Type] = [
  OverviewCommand.self, CheckCommand.self, HintCommand.self, RevealCommand.self, ResetCommand.self,
  WatchCommand.self, PresentCommand.self, LiveCommand.self, VerifyCommand.self,
]

exit(CourseCommand.main(Array(CommandLine.arguments.dropFirst()), commands: commands))
