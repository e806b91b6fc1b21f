import CourseKit
import Testing

@Suite("ExerciseSource.boundedBuffers: the bounds a stream's code chose")
struct BoundedBuffersTests {
  @Test("Each bounded policy is found as written; unbounded ones and Int.max are not")
  func findsBounds() {
    let code = """
      let a = AsyncStream<Int>(bufferingPolicy: .bufferingNewest(16)) { _ in }
      let b = AsyncStream<Int>(bufferingPolicy: .bufferingOldest( 65_536 )) { _ in }
      let c = AsyncStream<Int>(bufferingPolicy: .unbounded) { _ in }
      let d = AsyncStream<Int>(bufferingPolicy: .bufferingNewest(Int.max)) { _ in }
      let e = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(limit))
      """
    #expect(
      ExerciseSource.boundedBuffers(in: code)
        == [".bufferingNewest(16)", ".bufferingOldest( 65_536 )", ".bufferingNewest(limit)"])
  }

  @Test("A stream with no policy has no bound")
  func noPolicy() {
    #expect(ExerciseSource.boundedBuffers(in: "AsyncStream { continuation in continuation.finish() }").isEmpty)
  }
}
