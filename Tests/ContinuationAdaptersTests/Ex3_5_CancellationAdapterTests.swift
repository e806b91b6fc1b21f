import ContinuationAdapters
import CourseKit
import Foundation
import LegacyKit
import Testing

@Suite("3.5 Cancellation", .exercise("3.5"))
struct Ex3_5_CancellationAdapterTests {
  let downloader = ImageDownloader()

  @Test("A download that is not cancelled returns its thumbnail; its error passes through")
  func completes() async throws {
    let thumbnail = try await withDeadline("ThumbnailLoader.thumbnail(id:)") { [downloader] in
      try await ThumbnailLoader(downloader: downloader).thumbnail(id: 3)
    }
    #expect(thumbnail == Thumbnail(articleID: 3))
    downloader.endpoint.script(Script.fail(LegacyError.offline).fromBackground)
    await #expect(throws: LegacyError.offline) {
      try await withDeadline("ThumbnailLoader.thumbnail(id:)") { [downloader] in
        try await ThumbnailLoader(downloader: downloader).thumbnail(id: 3)
      }
    }
  }

  @Test(
    "Cancelling the task cancels the download and throws CancellationError",
    arguments: [ImageDownloader.CancelBehavior.callsBackWithError, .staysSilent])
  func cancelStopsTheDownload(behavior: ImageDownloader.CancelBehavior) async throws {
    downloader.cancelBehavior = behavior
    downloader.endpoint.script(Script.succeed(Thumbnail(articleID: 1)).after(5).fromBackground)
    let task = Task { [downloader] in try await ThumbnailLoader(downloader: downloader).thumbnail(id: 1) }
    _ = await eventually { [downloader] in !downloader.tasks.isEmpty }
    task.cancel()
    let silent =
      behavior == .staysSilent ? " This downloader stays silent after a cancel: resume from onCancel yourself." : ""
    let result = await withDeadlineResult("the cancelled ThumbnailLoader.thumbnail(id:)") { try await task.value }
    switch result {
    case .failure(let error as DeadlineExceeded):
      Issue.record("\(error)\(silent) Cancelling the awaiting task must resume it, once, with CancellationError.")
    case .failure(let error):
      #expect(error is CancellationError, "A cancelled load must throw CancellationError, not \(error).")
    case .success:
      Issue.record("A cancelled load must throw CancellationError, not return.")
    }
    #expect(
      downloader.tasks.first?.isCancelled == true,
      "The download kept running: cancel it from withTaskCancellationHandler's onCancel.")
  }

  @Test("A task that is already cancelled leaves no download running")
  func alreadyCancelled() async throws {
    downloader.endpoint.script(Script.succeed(Thumbnail(articleID: 1)).after(5).fromBackground)
    let task = Task { [downloader] in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await ThumbnailLoader(downloader: downloader).thumbnail(id: 1)
    }
    let result = await withDeadlineResult("ThumbnailLoader.thumbnail(id:) in a cancelled task") { try await task.value }
    #expect(result.failure is CancellationError, "A task cancelled before the call must get CancellationError.")
    #expect(
      downloader.tasks.allSatisfy { $0.isCancelled },
      "onCancel runs at once, before the operation, when the task is already cancelled: remember that, and start no download (or cancel it)."
    )
  }

  @Test("A cancel racing the completion resumes exactly once (300 races), proved in a child process")
  func cancelRacingCompletion() async {
    let child = await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
      await ResumeProbe.run(within: 10) {
        for round in 0..<300 {
          let downloader = ImageDownloader()
          downloader.cancelBehavior = round.isMultiple(of: 2) ? .callsBackWithError : .staysSilent
          downloader.endpoint.script(Script.succeed(Thumbnail(articleID: round)).after(0.0005).fromBackground)
          let task = Task { try await ThumbnailLoader(downloader: downloader).thumbnail(id: round) }
          try? await Task.sleep(for: .microseconds(round % 7 * 100))
          task.cancel()
          _ = try? await task.value
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "ThumbnailLoader.thumbnail(id:) with a cancel racing the completion")
  }
}

/// The result of `operation`, or a `DeadlineExceeded` failure, without throwing.
func withDeadlineResult<T: Sendable>(
  _ what: String, _ operation: @escaping @Sendable () async throws -> T
) async -> Result<T, any Error> {
  do { return .success(try await withDeadline(what, operation: operation)) } catch { return .failure(error) }
}
