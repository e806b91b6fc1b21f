// `swift run course`: the learners' and instructors' front door to the course, and the maintainers' check.

import Foundation

exit(CourseCommand.main(Array(CommandLine.arguments.dropFirst())))
