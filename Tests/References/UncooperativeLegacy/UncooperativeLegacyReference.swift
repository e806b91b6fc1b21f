// With `COURSE_SOLUTIONS=1` the exercise target is built from the solutions: the reference the suites
// compare with is then that module itself (see `referenceTarget(of:)` in Package.swift).
@_exported import UncooperativeLegacy
