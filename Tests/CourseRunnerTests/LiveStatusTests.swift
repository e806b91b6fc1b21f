import Testing

@testable import course

@Suite("The status line of a test run")
struct LiveStatusTests {
  /// Lines shaped as Swift Testing writes its event stream (version 0), ids with their escaped slashes.
  static func listed(_ id: String) -> String {
    #"{"kind":"test","payload":{"displayName":"x","id":"\#(id)","kind":"function","name":"x"},"version":0}"#
  }
  static func suite(_ id: String) -> String {
    #"{"kind":"test","payload":{"displayName":"x","id":"\#(id)","kind":"suite","name":"x"},"version":0}"#
  }
  static func ended(_ id: String) -> String {
    #"{"kind":"event","payload":{"kind":"testEnded","messages":[],"testID":"\#(id)"},"version":0}"#
  }

  @Test("Counts the tests that ended of those listed, so one exercise's check never reads 0 of 1 to its end")
  func countsTests() {
    let suite = "PromiseChainsTests.Ex1_3_HandleErrorsTests"
    let first = #"\#(suite)\/success()\/Ex1_3_HandleErrorsTests.swift:20:4"#
    let second = #"\#(suite)\/offline()\/Ex1_3_HandleErrorsTests.swift:40:4"#
    var stream = [Self.suite(suite), Self.listed(first), Self.listed(second)]
    #expect(LiveStatus.testProgress(inEventStream: "").detail(exercises: 1) == "starting the test process")
    #expect(
      LiveStatus.testProgress(inEventStream: stream.joined(separator: "\n")).detail(exercises: 1) == "0 of 2 tests done"
    )
    stream.append(Self.ended(first))
    let half = LiveStatus.testProgress(inEventStream: stream.joined(separator: "\n"))
    #expect(half.detail(exercises: 1) == "1 of 2 tests done")
    #expect(half.fraction == 0.5)
    stream += [Self.ended(second), Self.ended(suite)]
    let done = LiveStatus.testProgress(inEventStream: stream.joined(separator: "\n"))
    #expect(done == .init(suitesDone: 1, testsDone: 2, tests: 2))
    #expect(done.detail(exercises: 3) == "1 of 3 exercises, 2 of 2 tests done")
  }
}
