import CourseKit
import Testing
