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
    #expect(location == .office)
  }

  @Test("A second callback is ignored, and the first answer is returned, proved in a child process")
  func secondCallbackIgnored() async {
    let child = await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
      let sdk = LocationSDK()
      let fresh = Location(latitude: 1, longitude: 2)
      sdk.script(Script.twice(.value(.office), .value(fresh)).after(0.01).fromBackground)
      await ResumeProbe.run {
        let first = try await LocationProvider(sdk: sdk).currentLocation()
        if first != .office { throw ResumeProbe.ProbeFailure("return the first location the SDK sends, not \(first)") }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "LocationProvider.currentLocation() given two callbacks (resume on the first, ignore every later one)")
  }

  @Test("An error then a value: the error is thrown once, and the value ignored, proved in a child process")
  func errorThenValue() async {
    let child = await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
      let sdk = LocationSDK()
      sdk.script(Script.twice(.error(LegacyError.offline), .value(.office)).after(0.01).fromBackground)
      await ResumeProbe.run {
        do {
          _ = try await LocationProvider(sdk: sdk).currentLocation()
          throw ResumeProbe.ProbeFailure("the first callback was an error, so currentLocation() must throw it")
        } catch let error as LegacyError where error == .offline {}
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "LocationProvider.currentLocation() given an error, then a value (the first answer wins, error or not)")
  }

  // A plain `var didResume` races here, but the window is nanoseconds wide: this stress test
  // catches it only sometimes. The thread sanitizer catches it every time:
  // `swift test --sanitize=thread --filter ContinuationAdaptersTests.Ex3_4_DoubleCallbackAdapterTests`.
  @Test("Two callbacks at the same moment from two threads still resume once (1,000 runs), proved in a child process")
  func concurrentCallbacks() async {
    let child = await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
      let sdk = LocationSDK()
      sdk.script(Script.twice(.value(.office), .value(.office)).fromBackground)
      await ResumeProbe.run(within: 5) {
        for _ in 0..<1000 { _ = try await LocationProvider(sdk: sdk).currentLocation() }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "LocationProvider.currentLocation() given two simultaneous callbacks (a plain `var didResume` races here)")
  }
}
