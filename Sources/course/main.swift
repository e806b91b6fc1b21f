// `swift run course`: the learners' and instructors' front door to the course, and the maintainers' check.

import Foundation

if let demo = ProcessInfo.processInfo.environment[DemoCommand.childVariable] {
  DemoCommand.runChild(demo)
}
if ProcessInfo.processInfo.environment[BackgroundBuild.supervisorVariable] == "1",
  CommandLine.arguments.dropFirst().first == BackgroundBuild.supervisorFlag
{
  BackgroundBuild.supervise(Array(CommandLine.arguments.dropFirst(2)))
}
exit(CourseCommand.main(Array(CommandLine.arguments.dropFirst())))
