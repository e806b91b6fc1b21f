// `swift run course`: the learners' and instructors' front door to the course, and the maintainers' check.

import Foundation

if let demo = ProcessInfo.processInfo.environment[DemoCommand.childVariable] {
  DemoCommand.runChild(demo)
}
exit(CourseCommand.main(Array(CommandLine.arguments.dropFirst())))
