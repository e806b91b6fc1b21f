import CourseKit
import LegacyKit
import RepeatingSources
import Testing

@Suite("4.1 Progress callbacks to AsyncStream", .exercise("4.1"))
struct Ex4_1_ProgressStreamTests {
  /// Collects the stream until it ends, or says it never did.
  func collect(_ stream: AsyncStream<Double>) async throws -> [Double] {
    try await withDeadline("the for-await loop over progressUpdates(of:)") {
      var values: [Double] = []
      for await value in stream { values.append(value) }
      return values
    }
  }

  @Test("Every progress value arrives, in order, and the stream ends when the download completes")
  func deliversEveryValueAndFinishes() async throws {
    do {
      let values = try await collect(progressUpdates(of: ProgressDownload()))
      #expect(values == [0.25, 0.5, 0.75, 1.0], "Yield every progress value, in order.")
    } catch let error as DeadlineExceeded {
      Issue.record(
        "\(error) The stream never finished: call `finish()` when the download completes, or the consumer's loop waits forever."
      )
    }
  }

  @Test("A failed download ends the stream too, after the progress that came before")
  func failureFinishes() async throws {
    let download = ProgressDownload(plan: .init(progress: [0.1, 0.2], outcome: .failure(.offline)))
    do {
      #expect(try await collect(progressUpdates(of: download)) == [0.1, 0.2])
    } catch let error as DeadlineExceeded {
      Issue.record(
        "\(error) A failed download must end the stream as well: finish in the completion, whatever its result.")
    }
  }

  @Test("The download is started once, when the stream is created")
  func startsOnce() async throws {
    let download = ProgressDownload()
    _ = try? await collect(progressUpdates(of: download))
    #expect(download.starts == 1)
  }
}
