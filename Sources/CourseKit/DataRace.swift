import CourseCatalog
import Foundation
import Platform
import Testing

/// Reads the thread sanitizer's verdict from a child process: the data race it saw, in its own words.
///
/// A check-then-set flag races in a window of nanoseconds. Two threads released
/// together hit that window only when two cores are free at that instant; the
/// thread sanitizer sees the two unsynchronized accesses every time, whatever the
/// timing. Run a race's check in a child process (see ``ResumeProbe``), and under
/// `swift test --sanitize=thread` its report becomes the test's failure.
///
/// ```swift
/// if let race = DataRace.report(in: child) {
///   Issue.record("Two callbacks raced on the state that decides who resumes: \(race). Take it under a lock.")
/// }
/// ```
public enum DataRace {
  /// The race in the learner's words, the two lines of the exercise's file and their code, then the
  /// sanitizer's headline, or `nil` when the child reported no race (or ran without the sanitizer).
  public static func report(in result: ExitTest.Result?) -> String? {
    guard let result else { return nil }
    return report(inText: String(decoding: result.standardErrorContent, as: UTF8.self))
  }

  /// The race a sanitizer's output reports, said as ``report(in:)`` says it (a race program's
  /// output: see ``RaceProgram``), or `nil` when it reports none.
  public static func report(inText text: String) -> String? {
    guard let race = DataRaceReport(in: text) else { return nil }
    // The exercises' own folder, where a Mac's report, which names a file without its folder, finds it.
    let folders = Catalog.topics.compactMap { topic in
      topic.exercises.first.flatMap { ExerciseSource.path(of: $0.id) }?.split(separator: "/").dropLast()
        .joined(separator: "/")
    }.map { "/\($0)" }
    return "\(race.summary(source: DataRaceReport.reader(searching: folders))) (\(race.warning))"
  }
}

extension DataRace {
  /// Whether this process runs under the thread sanitizer (its runtime is loaded).
  ///
  /// On Linux the sanitizer misreads a contended `Synchronization.Mutex`'s hand-over and reports a
  /// race that is not there (see `Locked`): a check that makes threads contend on a learner's
  /// `Mutex` on purpose runs only in a plain run.
  public static var sanitizerIsRunning: Bool {
    Platform.runtimeSymbol("__tsan_init") != nil
  }
}
