import ContinuationAdapters
import CourseKit
import Foundation
import LegacyKit
import Testing

@Suite("3.4 A source that calls back twice", .exercise("3.4"))
struct Ex3_4_DoubleCallbackAdapterTests {
  @Test("A single callback returns its location")
  func singleCallback() async throws {
    let sdk = LocationSDK()
    let location = try await withDeadline("LocationProvider.currentLocation()") {
      try await LocationProvider(sdk: sdk).currentLocation()
    }
    #expect(location == .office, "A single callback must return its location: got \(location). [other-location]")
  }

  @Test("A second callback is ignored, and the first answer is returned, proved in a child process")
  func secondCallbackIgnored() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let sdk = LocationSDK()
        let fresh = Location(latitude: 1, longitude: 2)
        sdk.script(Script.twice(.value(.office), .value(fresh)).after(0.01).fromBackground)
        await ResumeProbe.run {
          let first = try await LocationProvider(sdk: sdk).currentLocation()
          if first == fresh {
            throw ResumeProbe.ProbeFailure(
              "return the first location the SDK sends, not \(first) [resume-every-callback]")
          } else if first != .office {
            // Neither of the two it sent: a location the callback never delivered.
            throw ResumeProbe.ProbeFailure(
              "return the location the SDK sends: it sent \(Location.office), then \(fresh), and the call returned \(first), which it never sent [other-location]"
            )
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "LocationProvider.currentLocation() given two callbacks (resume on the first, ignore every later one)")
  }

  @Test("An error then a value: the error is thrown once, and the value ignored, proved in a child process")
  func errorThenValue() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let sdk = LocationSDK()
        sdk.script(Script.twice(.error(LegacyError.offline), .value(.office)).after(0.01).fromBackground)
        await ResumeProbe.run {
          do {
            _ = try await LocationProvider(sdk: sdk).currentLocation()
            throw ResumeProbe.ProbeFailure(
              "the first callback was an error, so currentLocation() must throw it, not skip it to wait for a value, nor let a later answer replace it [wait-for-a-value] [resume-every-callback]"
            )
          } catch let error as LegacyError where error == .offline {}
        }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "LocationProvider.currentLocation() given an error, then a value (the first answer wins, error or not)")
  }

  @Test(
    "An SDK that drops its callback is reported by the runtime: the continuation is checked, proved in a child process"
  )
  func checkedContinuation() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let sdk = LocationSDK()
        sdk.script(.never)  // the SDK releases its completion without calling it
        await ResumeProbe.run(within: 0.5) { _ = try await LocationProvider(sdk: sdk).currentLocation() }
      }
    }
    switch ResumeProbe.verdict(of: child) {
    case .leaked: break
    case .neverResumed:
      Issue.record(
        "The continuation is checked: when the SDK drops its callback, only a checked continuation says \"leaked its continuation\". Here the runtime said nothing and the task just hung: an unsafe continuation, chosen so that a second resume does not trap, stays silent here, and a second resume of it is undefined behaviour. Keep the checked one and take it under a lock. [unsafe-continuation]"
      )
    default:
      ResumeProbe.expectExactlyOnce(child, "LocationProvider.currentLocation() given an SDK that never calls back")
    }
  }

  /// How many times the two simultaneous callbacks are fired in the child process.
  static let races = 100

  // Both callbacks leave one starting gate together, from two threads. When two cores are free, a
  // `didResume` flag checked, then set, lets both through within a few tries; on a loaded machine
  // they may never overlap. So, when the child saw nothing, the test builds the file as a program
  // with the thread sanitizer and the race harness (``RaceProgram``): the sanitizer names an
  // unguarded flag whatever the load, and the harness runs the two callbacks one lock section at a
  // time in every order, so a flag checked under one lock section and set under another lets both
  // through every time. Under `course check`'s sanitizer stage the child's own report says it.
  @Test(
    "Two callbacks released together from two threads, again and again, still resume once, proved in a child process")
  func concurrentCallbacks() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let sdk = LocationSDK()
        sdk.script(Script.twice(.value(.office), .value(.office)).simultaneously)
        await ResumeProbe.run(within: 10) {
          for _ in 0..<Ex3_4_DoubleCallbackAdapterTests.races {
            _ = try await LocationProvider(sdk: sdk).currentLocation()
          }
        }
      }
    }
    let sentence =
      "Two callbacks at the same instant from two threads must still resume once: take the continuation under a lock, so that whoever takes it resumes and everyone after finds nil."
    if let race = DataRace.report(in: child) {
      Issue.record(Comment(rawValue: Self.raced(race)))
      return
    }
    // Whether the two threads happened to overlap in the child depends on the machine; the race
    // program's verdict does not, so it speaks first whenever the child saw no other mistake, or a
    // hang that the program may trace to an order (a continuation both callbacks left alone is
    // leaked once the SDK lets go of them, or never resumed).
    var raced = false
    switch ResumeProbe.verdict(of: child) {
    case .exactlyOnce, .resumedTwice, .neverResumed, .leaked: raced = !DataRace.sanitizerIsRunning
    default: break
    }
    if raced, let program = await RaceProgram.run("3.4", driver: Self.raceDriver) {
      if let race = DataRace.report(inText: program.text) {
        Issue.record(Comment(rawValue: Self.raced(race)))
        return
      }
      if let broken = program.broken, !program.endedInOrder {
        Issue.record(
          "Two callbacks from two threads left the request waiting forever: when \(program.order), \(broken): each left the resume to the other. Decide in one lock section: whoever takes the continuation resumes it, everyone after finds nil. [didresume-flag]"
        )
        return
      }
      if let misuse = program.misuse, misuse.contains("more than once"), !program.endedInOrder {
        Issue.record(
          "Two callbacks from two threads both resumed when \(program.order): a flag checked in one lock section and set in another is two steps, and the other callback took its own first step between them, which \"A second callback is ignored\" explains. Take the continuation in one lock section: whoever takes it resumes, everyone after finds nil. The runtime said: \(misuse) [didresume-flag]"
        )
        return
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "LocationProvider.currentLocation() given two simultaneous callbacks (\(sentence))")
  }

  /// The sentence for a race the sanitizer saw on the state that decides who resumes.
  static func raced(_ race: String) -> String {
    "Two callbacks released together from two threads raced on the state that decides who resumes: \(race). A flag checked, then set, is two steps two threads can take together. Take the continuation under a lock: whoever takes it resumes, everyone after finds nil. [didresume-flag]"
  }

  /// The race program's `@main`: the two callbacks handed to the harness, which runs them one after
  /// the other (for the sanitizer), then a lock section at a time in every order. A request that
  /// has not returned once both have run never will: the program says so.
  static let raceDriver = """
    import Dispatch
    import Foundation
    import LegacyKit

    final class Handed: @unchecked Sendable {
      let ready = DispatchSemaphore(value: 0)
      let located = DispatchSemaphore(value: 0)
    }

    @main struct RaceDriver {
      static func main() async {
        await RaceHarness.everySchedule(names: ["the first callback", "the second callback"]) { runner in
          let sdk = LocationSDK()
          let handed = Handed()
          sdk.script(
            Script.twice(.value(.office), .value(.office)).handed(to: { bodies in
              runner.start(bodies)
              handed.ready.signal()
            }))
          // Detached: this driver runs on the main actor, and blocks its thread while it waits.
          Task.detached {
            _ = try? await LocationProvider(sdk: sdk).currentLocation()
            handed.located.signal()
          }
          // A request that never reaches the SDK has nothing to race: the suite's other tests say why.
          guard handed.ready.wait(timeout: .now() + 10) == .success else { return }
          await runner.waitUntilFinished()
          // A request that is right returns within milliseconds of both callbacks; ten seconds is for a loaded machine.
          if handed.located.wait(timeout: .now() + 10) == .timedOut {
            print("RACE BROKE: both callbacks ran, and neither resumed the request")
            exit(1)
          }
        }
      }
    }
    """
}
