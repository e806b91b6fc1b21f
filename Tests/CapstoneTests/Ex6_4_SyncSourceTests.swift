import Capstone
import CourseKit
import LegacyKit
import Locking
import Testing

@Suite("6.4 Source 3: the progress callback", .exercise("6.4"))
struct Ex6_4_SyncSourceTests {
  @Test("Each sync runs a new download, reports every value, and ends with it")
  func everyValueThenTheEnd() async throws {
    let made = Locked(0)
    let source = DownloadSyncSource {
      made.withLock { $0 += 1 }
      return ProgressDownload()
    }
    for round in 1...2 {
      let values = try await withDeadline("reading syncProgress() to its end") {
        var values: [Double] = []
        for await value in source.syncProgress() { values.append(value) }
        return values
      }
      #expect(values == [0.25, 0.5, 0.75, 1.0], "Yield every value; finish when the download completes.")
      #expect(made.withLock { $0 } == round, "Each sync starts a download of its own.")
    }
  }

  @Test("A consumer that stops cancels the download")
  func stoppingCancels() async throws {
    let download = ProgressDownload(
      plan: .init(progress: Array(repeating: 0.5, count: 50), outcome: .success(1), interval: 0.01))
    let source = DownloadSyncSource { download }
    _ = try await withDeadline("reading one value") {
      for await _ in source.syncProgress() { break }
    }
    // Cancelled, not merely over: the download ends by itself half a second later (sooner than a
    // busy machine may let the loop break), so only the count of cancels tells a stream that
    // stops its download from one that lets it run to the end.
    let cancelled = await eventually { download.cancellations > 0 }
    #expect(cancelled, "The consumer stopped, but the download runs on: cancel it in onTermination.")
  }
}
