import ActorsAndTasks
import CourseKit
import Locking
import Testing

@Suite("9.1 Reentrancy, the cache: download once", .exercise("9.1"))
struct Ex9_1_ImageCacheTests {
  /// A cache over `download`, and a first load of `avatar-7` suspended in its download; `nil`, with
  /// the verdict recorded, when that load never downloads.
  static func loadingAvatar(
    _ download: HeldCalls<String, Picture>
  ) async -> (ImageCache, Task<Picture, any Error>)? {
    let cache = ImageCache(download: download.function)
    let first = Task { try await cache.image(for: "avatar-7") }
    guard await download.waitForCalls(1, from: first) else {
      first.cancel()
      Issue.record("The first load of `avatar-7`, a key never seen, never called `download`. [no-download]")
      return nil
    }
    return (cache, first)
  }

  @Test(
    "A second load of a key, made while the first is suspended at its download, downloads nothing and gets that picture"
  )
  func secondLoadJoinsTheFirst() async throws {
    let download = HeldCalls<String, Picture>()
    guard case let (cache, first)? = await Self.loadingAvatar(download) else { return }
    // The second load runs on an executor that says when it is parked: at its `await`, or done.
    let watch = SuspensionWatch()
    let second = Task(executorPreference: watch) { try await cache.image(for: "avatar-7") }
    let parked = await watch.parked()
    let downloadsMeanwhile = download.count
    for index in 0..<download.count {
      download.answer(index, with: .success(Picture(key: "avatar-7", version: index)))
    }
    let firstPicture = await withDeadlineResult("the first image(for: \"avatar-7\")") { try await first.value }
    let secondPicture = await withDeadlineResult("the second image(for: \"avatar-7\")") { try await second.value }
    #expect(
      downloadsMeanwhile == 1,
      "The second load of `avatar-7` started a second download while the first was suspended at its `await`: an actor runs one call at a time only between `await`s. Keep the download under way (its `Task`) in the actor before the first `await`, and let the second load await it. [check-then-download]"
    )
    guard downloadsMeanwhile == 1 else { return }
    // A loop that yields gives up the thread and is at once ready again; one that never yields keeps it.
    let how =
      watch.jobsRun > 1
      ? "it gave up the thread and was at once ready to run again, \(watch.jobsRun) times (a loop that yields, watching a flag)"
      : "it kept the thread without ever suspending (a loop that watches a flag)"
    #expect(
      parked,
      "The second load of `avatar-7`, made while the first was downloading, never waited for that download: \(how), instead of awaiting the download under way. [is-loading-flag]"
    )
    let expected = Picture(key: "avatar-7", version: 0)
    #expect(
      (try? firstPicture.get()) == expected,
      "The first load of `avatar-7` should return its download's picture (\(expected)): \(describe(firstPicture)). [wrong-picture]"
    )
    #expect(
      (try? secondPicture.get()) == expected,
      "The second load of `avatar-7`, made while the first was downloading, should wait for that download and return its picture: \(describe(secondPicture)). A flag that says a download is under way gives the second caller nothing to await: keep the download's `Task` and await it. [is-loading-flag]"
    )
  }

  @Test("Loads of different keys download at the same time, each its own picture")
  func differentKeysDoNotWait() async throws {
    let download = HeldCalls<String, Picture>()
    guard case let (cache, avatar)? = await Self.loadingAvatar(download) else { return }
    let banner = Task { try await cache.image(for: "banner-2") }
    let bothDownloading = await download.waitForCalls(2, from: banner)
    for index in 0..<download.count {
      let key = download.arguments[index]
      download.answer(index, with: .success(Picture(key: key, version: index)))
    }
    let avatarPicture = await withDeadlineResult("image(for: \"avatar-7\")") { try await avatar.value }
    let bannerPicture = await withDeadlineResult("image(for: \"banner-2\")") { try await banner.value }
    #expect(
      bothDownloading && download.arguments == ["avatar-7", "banner-2"],
      "While `avatar-7` was downloading, the load of `banner-2` did not start its own download (downloads asked for: \(download.arguments)): it \(did(bannerPicture)). Keep one download under way per key, not one for the whole cache. [one-task-for-all-keys]"
    )
    #expect(
      (try? avatarPicture.get())?.key == "avatar-7" && (try? bannerPicture.get())?.key == "banner-2",
      "Each load should return its own key's picture: `avatar-7` \(describe(avatarPicture)), `banner-2` \(describe(bannerPicture)). [wrong-picture] [one-task-for-all-keys]"
    )
  }

  @Test("However many keys it has downloaded, every picture still comes from the cache, with no download")
  func manyKeysAreKept() async {
    // A cache that keeps the newest 16, 64 or 256 keys passes a test of a few: ask for more keys
    // than any such bound, then for each again, oldest first.
    let keys = (0..<1_000).map { "avatar-\($0)" }
    let downloads = Locked(0)
    let cache = ImageCache { key in
      downloads.withLock { $0 += 1 }
      return Picture(key: key, version: 0)
    }
    let loaded =
      (try? await withDeadline("image(for:) of 1,000 keys, then of each again") {
        for key in keys + keys { _ = try await cache.image(for: key) }
        return true
      }) ?? false
    let count = downloads.withLock { $0 }
    // A cache that keeps nothing, not even one key, is for "A picture already downloaded comes from
    // the cache" to name.
    let again =
      (try? await withDeadline("image(for: \"avatar-0\"), twice") {
        for _ in 0..<2 { _ = try await cache.image(for: "avatar-0") }
        return true
      }) ?? false
    guard again, downloads.withLock({ $0 }) <= count + 1 else { return }
    #expect(
      !loaded || count == keys.count,
      "Loading 1,000 keys, then each again, made \(count) downloads: a picture already downloaded comes from the cache, however many keys came after it. A cache that keeps only the newest keys downloads the older ones again. [no-cache]"
    )
  }

  @Test("A picture already downloaded comes from the cache, with no download")
  func cachedPictureIsKept() async throws {
    let download = HeldCalls<String, Picture> { key, index in .success(Picture(key: key, version: index)) }
    let cache = ImageCache(download: download.function)
    let first = await withDeadlineResult("image(for: \"avatar-7\")") { try await cache.image(for: "avatar-7") }
    let again = await withDeadlineResult("image(for: \"avatar-7\") again") { try await cache.image(for: "avatar-7") }
    #expect(
      (try? first.get()) == Picture(key: "avatar-7", version: 0),
      "The first load of `avatar-7` should return its download's picture: \(describe(first)). [wrong-picture] [no-download]"
    )
    #expect(
      download.count == 1 && (try? again.get()) == Picture(key: "avatar-7", version: 0),
      "A picture already downloaded should come from the cache: the second load, made after the first returned, \(did(again)) after \(download.count) downloads. [no-cache]"
    )
  }

  @Test("A failed download is thrown to every caller waiting for it, and not kept: the next load downloads again")
  func failureIsNotKept() async throws {
    let download = HeldCalls<String, Picture>()
    guard case let (cache, first)? = await Self.loadingAvatar(download) else { return }
    let watch = SuspensionWatch()
    let second = Task(executorPreference: watch) { try await cache.image(for: "avatar-7") }
    _ = await watch.parked()
    for index in 0..<download.count { download.answer(index, with: .failure(Boom(number: 1))) }
    let firstOutcome = await withDeadlineResult("image(for: \"avatar-7\"), failing") { try await first.value }
    let secondOutcome = await withDeadlineResult("the second image(for: \"avatar-7\"), failing") {
      try await second.value
    }
    if secondOutcome.hung {
      // It started a download of its own once the first failed: end it, so nothing waits on.
      for index in 0..<download.count { download.answer(index, with: .failure(Boom(number: 1))) }
      _ = await withDeadlineResult("the second image(for: \"avatar-7\"), its own download failed") {
        try await second.value
      }
    }
    #expect(
      firstOutcome.failure as? Boom == Boom(number: 1) && secondOutcome.failure as? Boom == Boom(number: 1),
      "The download of `avatar-7` failed with Boom(1): both loads waiting for it should throw that error, but the first \(did(firstOutcome)) and the second \(did(secondOutcome)). [is-loading-flag] [wrong-picture]"
    )
    let before = download.count
    let retry = Task { try await cache.image(for: "avatar-7") }
    let downloadedAgain = await download.waitForCalls(before + 1, from: retry)
    if downloadedAgain { download.answer(before, with: .success(Picture(key: "avatar-7", version: before))) }
    let retried = await withDeadlineResult("image(for: \"avatar-7\") after a failed download") { try await retry.value }
    #expect(
      downloadedAgain && (try? retried.get()) == Picture(key: "avatar-7", version: before),
      "After the download of `avatar-7` failed, the next load should download again: it \(downloadedAgain ? "downloaded again, then" : "started no download and") \(did(retried)). Remove a failed download's entry, so the failure is not kept. [failure-kept]"
    )
  }

  /// Four loads of `avatar-7`, made in that order, each at any point after the one before; the
  /// first download fails, every later one succeeds (its picture numbered by the download).
  /// Explored in every order of arrivals, answers and resumptions.
  static func loadsAroundAFailure() -> Interleavings.World {
    let download = HeldCalls<String, Picture>()
    let cache = ImageCache(download: download.function)
    // A clock of the scenario's events, to tell which loads were under way at once.
    let events = Locked((now: 0, started: [Int: Int](), returned: [Int: Int](), failedAt: Int?.none))
    let outcomes = Locked<[Int: Result<Picture, any Error>]>([:])
    let ordinals = ["first", "second", "third", "fourth"]
    return Interleavings.World(
      callers: ordinals.indices.map { index in
        Interleavings.Caller("the \(ordinals[index]) load of avatar-7") {
          events.withLock {
            $0.now += 1
            $0.started[index] = $0.now
          }
          let outcome = await Interleavings.outcome { try await cache.image(for: "avatar-7") }
          outcomes.withLock { $0[index] = outcome }
          events.withLock {
            $0.now += 1
            $0.returned[index] = $0.now
          }
        }
      },
      dependencies: [
        download.dependency(
          { "download \($0 == "avatar-7" ? "" : "of \($0) ")number" },
          said: { outcome in
            switch outcome {
            case .success(let picture): "\(picture.version) of avatar-7 answered"
            case .failure(let error): "failed with \(error)"
            }
          }
        ) { key, index in
          if index == 0 {
            events.withLock {
              $0.now += 1
              $0.failedAt = $0.now
            }
            return .failure(Boom(number: 1))
          }
          return .success(Picture(key: key, version: index))
        }
      ],
      invariant: {
        download.inFlight.count > 1
          ? "two downloads of avatar-7 ran at the same time: a load that comes while one is under way awaits it, which \"A second load of a key, made while the first\" explains. [check-then-download]"
          : nil
      },
      check: {
        let done = outcomes.withLock { $0 }
        let clock = events.withLock { $0 }
        guard done.count == ordinals.count else {
          let waiting = ordinals.indices.filter { done[$0] == nil }.map { "the \(ordinals[$0])" }
          return
            "\(waiting.joined(separator: " and ")) never returned, which \"A second load of a key, made while the first\" explains. [is-loading-flag]"
        }
        for index in ordinals.indices {
          guard case .success(let picture) = done[index]! else { continue }
          if picture.key != "avatar-7" || picture.version < 1 || picture.version >= download.count {
            return
              "the \(ordinals[index]) load returned \(picture), which no download of avatar-7 made. [wrong-picture]"
          }
        }
        // A load that starts once the failure is over (every load before it has returned) finds
        // nothing kept: it downloads again, and gets that picture.
        guard let failedAt = clock.failedAt else { return nil }
        for index in ordinals.indices where index > 0 {
          let started = clock.started[index] ?? 0
          let earlierDone = (0..<index).allSatisfy { (clock.returned[$0] ?? .max) < started }
          if started > failedAt, earlierDone, done[index]?.failure != nil {
            return
              "the \(ordinals[index]) load came after the failed download and every load before it had returned, and it \(did(done[index]!)): a failed download is not kept, and the next load downloads again, which \"A failed download is thrown to every caller\" explains. [failure-kept]"
          }
        }
        return nil
      })
  }

  @Test(
    "Four loads of a key around a failed download, in every order of arrivals, answers and resumptions: one download at a time, each load returns, and the failure is not kept"
  )
  func everyOrderAroundAFailure() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore(Ex9_1_ImageCacheTests.loadsAroundAFailure)
      }
    }
    Interleavings.expectEveryOrderHolds(child, "Four loads of avatar-7 around a failed download")
  }

  /// Two loads of `avatar-7`, one cancelled at any point while it runs, the other not; every download
  /// succeeds (its picture numbered by the download). Explored in every order of arrivals, answers,
  /// resumptions and the cancel, so that the cancelled load is sometimes the one that started the
  /// download: whatever it does with its cancellation, the other load, which nobody cancelled, gets a
  /// picture of avatar-7.
  static func loadBesideACancelledLoad() -> Interleavings.World {
    let download = HeldCalls<String, Picture>()
    let cache = ImageCache(download: download.function)
    let other = Locked<Result<Picture, any Error>?>(nil)
    return Interleavings.World(
      callers: [
        Interleavings.Caller("the load of avatar-7 that is cancelled", cancellable: true) {
          _ = try? await cache.image(for: "avatar-7")
        },
        Interleavings.Caller("the other load of avatar-7") {
          let outcome = await Interleavings.outcome { try await cache.image(for: "avatar-7") }
          other.withLock { $0 = outcome }
        },
      ],
      dependencies: [
        download.dependency({ "the download of \($0)" }) { key, index in
          .success(Picture(key: key, version: index))
        }
      ],
      check: {
        guard let outcome = other.withLock({ $0 }) else {
          return
            "the other load of avatar-7, which nobody cancelled, never returned, which \"A second load of a key, made while the first\" explains. [is-loading-flag]"
        }
        if case .success(let picture) = outcome, picture.key == "avatar-7" { return nil }
        return
          "the other load of avatar-7, which nobody cancelled, \(did(outcome)), where it gets the picture of avatar-7: the download under way belongs to the cache, not to the load that started it, so one caller's cancellation does not take the picture away from another caller waiting for it, which \"A second load of a key, made while the first\" explains. [wrong-picture]"
      })
  }

  @Test(
    "Two loads of a key, one cancelled at any point, in every order of arrivals, answers and resumptions: the other, not cancelled, gets the picture"
  )
  func everyOrderBesideACancelledLoad() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore(Ex9_1_ImageCacheTests.loadBesideACancelledLoad)
      }
    }
    Interleavings.expectEveryOrderHolds(child, "Two loads of avatar-7, one of them cancelled")
  }
}
