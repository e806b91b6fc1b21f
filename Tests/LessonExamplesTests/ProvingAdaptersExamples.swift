// The tests that Docs/07-proving-adapters.md quotes: each technique of topic 7, shown on adapters that
// are not the exercises' subjects (Docs/Examples/ProvingAdapters/, and topic 3's presenter). Every test
// passes against the correct adapter; one runs its scenario against a broken adapter too, to show that
// the test can fail.

import LegacyKit
import ProvingKit
import Testing

@testable import LessonExamples

@Suite("Topic 7's examples: a promise adapter, proved on both paths")
struct DirectoryProfilesTests {
  @Test("It returns exactly the profile the directory was scripted with, for the id asked")
  func returnsTheScriptedProfile() async throws {
    let directory = UserDirectory()
    let grace = UserProfile(id: 7, displayName: "Grace Hopper")
    directory.profiles.script(.succeed(grace))
    let adapter = DirectoryProfiles(directory: directory)
    let profile = try await withDeadline("profile(id: 7)") { try await adapter.profile(id: 7) }
    #expect(profile == grace)
    #expect(directory.profiles.calls == [7])
  }

  @Test("It throws the directory's own error, and a deadline turns a hang into a failure")
  func throwsTheDirectorysError() async {
    let directory = UserDirectory()
    directory.profiles.script(.fail(LegacyError.server(status: 503)))
    let adapter = DirectoryProfiles(directory: directory)
    await #expect(throws: LegacyError.server(status: 503)) {
      try await withDeadline("profile(id: 7)") { try await adapter.profile(id: 7) }
    }
  }
}

@Suite("Topic 7's examples: exactly once, proved in a child process")
struct CurrentLocationTests {
  @Test("Two locations resume once: the first one wins, and the child exits cleanly")
  func twoLocationsResumeOnce() async {
    await #expect(processExitsWith: .success) {
      let sdk = LocationSDK()
      let home = Location(latitude: 48.85, longitude: 2.35)
      sdk.script(.twice(.value(home), .value(.office)))
      let location = try await CurrentLocation(sdk: sdk).location()
      #expect(location == home)
    }
  }

  @Test("An error, then a location: the error is thrown, once")
  func errorThenLocationThrowsOnce() async {
    await #expect(processExitsWith: .success) {
      let sdk = LocationSDK()
      sdk.script(.twice(.error(LegacyError.offline), .value(.office)))
      await #expect(throws: LegacyError.offline) { try await CurrentLocation(sdk: sdk).location() }
    }
  }

  @Test("The same two callbacks, against an adapter that resumes on each: the child traps, and says why")
  func anUnguardedAdapterIsCaught() async {
    let child = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let sdk = LocationSDK()
      sdk.script(.twice(.value(.office), .value(.office)))
      _ = try await UnguardedLocation(sdk: sdk).location()
    }
    let output = child.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    #expect(output.contains("tried to resume its continuation more than once"))
  }
}

/// A broken `CurrentLocation`, on purpose: it resumes on every callback, so a second one traps.
private struct UnguardedLocation: Sendable {
  let sdk: LocationSDK

  func location() async throws -> Location {
    try await withCheckedThrowingContinuation { continuation in
      sdk.requestLocation { continuation.resume(with: $0) }
    }
  }
}

/// A spy view that records what its presenter holds each time it is asked to show a headline.
@MainActor
final class RecordingView: HeadlineView {
  weak var presenter: HeadlinePresenter?
  private(set) var heldAtShow: [String?] = []
  private(set) var shown: [String] = []
  private(set) var errors: [String] = []

  func show(headline: String) {
    heldAtShow.append(presenter?.headline)
    shown.append(headline)
  }
  func showError(_ error: any Error) { errors.append("\(error)") }
}

@Suite("Topic 7's examples: a presenter tested at its boundary, with a stub repository")
@MainActor
struct PresenterBoundaryTests {
  static let mine = [Article(id: 41, title: "Mutants, caught"), Article(id: 42, title: "Deadlines, not sleeps")]

  @Test("A load shows the stub's own newest title, already held when the view shows it")
  func loadShowsTheStubsHeadline() async {
    let stub = ProvingKit.StubArticleRepository(.success(Self.mine))
    let view = RecordingView()
    let presenter = HeadlinePresenter(repository: stub)
    presenter.view = view
    view.presenter = presenter
    presenter.onAppear()
    #expect(await eventually { await view.shown.count == 1 })
    #expect(view.shown == ["Mutants, caught"])
    #expect(view.heldAtShow == ["Mutants, caught"])
    #expect(stub.calls == [false])
  }

  @Test("A load that fails after a good one reports the error and keeps the headline shown")
  func failureKeepsTheHeadline() async {
    let stub = ProvingKit.StubArticleRepository(.success(Self.mine), .failure(LegacyError.offline))
    let view = RecordingView()
    let presenter = HeadlinePresenter(repository: stub)
    presenter.view = view
    view.presenter = presenter
    presenter.onAppear()
    #expect(await eventually { await view.shown.count == 1 })
    presenter.onAppear()
    #expect(await eventually { await view.errors.count == 1 })
    #expect(view.errors == ["\(LegacyError.offline)"])
    #expect(presenter.headline == "Mutants, caught")
    #expect(view.shown.count == 1)
  }
}

@Suite("Topic 7's examples: a stream, read from its first value to its end")
struct ProgressUpdatesTests {
  @Test("Every value arrives, in order and nothing else, and then the stream ends")
  func everyValueThenTheEnd() async throws {
    let download = ProgressDownload(plan: .init(progress: [0.1, 0.6, 1.0], outcome: .success(512)))
    let values = try await withDeadline("reading progressUpdates(of:) to its end") {
      var values: [Double] = []
      for try await value in progressUpdates(of: download) { values.append(value) }
      return values
    }
    #expect(values == [0.1, 0.6, 1.0])
  }

  @Test("A download that fails ends the loop by throwing its error, after its progress")
  func failureThrowsAfterTheValues() async {
    let download = ProgressDownload(plan: .init(progress: [0.5], outcome: .failure(.offline)))
    await confirmation("one progress value before the error", expectedCount: 1) { progressed in
      _ = await #expect(throws: LegacyError.offline) {
        try await withDeadline("reading a download that fails") {
          for try await _ in progressUpdates(of: download) { progressed() }
        }
      }
    }
  }

  @Test("A consumer that stops early cancels the download, which was still running")
  func stoppingCancelsTheDownload() async throws {
    let download = ProgressDownload(
      plan: .init(progress: Array(repeating: 0.5, count: 50), outcome: .success(1), interval: 0.01))
    try await withDeadline("reading one value") {
      for try await _ in progressUpdates(of: download) { break }
    }
    #expect(await eventually { download.cancellations > 0 })
  }

  @Test("A consumer that reads only after the download has ended still gets every value")
  func aLateReaderGetsEveryValue() async throws {
    let download = ProgressDownload(plan: .init(progress: [0.25, 0.5, 1.0], outcome: .success(64)))
    let stream = progressUpdates(of: download)
    #expect(await eventually { download.starts == 1 && !download.isRunning })
    let values = try await withDeadline("reading progressUpdates(of:) late") {
      var values: [Double] = []
      for try await value in stream { values.append(value) }
      return values
    }
    #expect(values == [0.25, 0.5, 1.0])
  }
}
