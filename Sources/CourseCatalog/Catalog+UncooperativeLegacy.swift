extension Catalog {
  /// Topic 10: legacy code that does not cooperate, the bugs teams shipped while migrating. Each
  /// exercise's entry lives in a file of its own (`Catalog+UncooperativeLegacy+10_1.swift`, ...).
  static let uncooperativeLegacy = Topic(
    number: 10, module: "UncooperativeLegacy", title: "Legacy code that does not cooperate",
    lessonFile: "10-legacy-code-that-does-not-cooperate.md",
    exercises: [legacyTimeout, mainActorDeinit, sameTurn, observerStream, keptAlive],
    interviewPractice: ["10.1", "10.2", "10.3", "10.4", "10.5"])
}
