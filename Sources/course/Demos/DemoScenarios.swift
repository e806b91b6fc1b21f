import Dispatch
import Foundation
import Scheduling

/// The scenarios behind `course demo`, each doing one thing wrong on purpose.
enum DemoScenarios {
  @Sendable static func doubleResume() async {
    say("An SDK calls its completion handler twice; the adapter resumes on every call…")
    let value: Int = await withCheckedContinuation { continuation in
      let twice = { (value: Int) in continuation.resume(returning: value) }
      twice(1)
      twice(2)
    }
    say("(not reached) got \(value)")
  }

  @Sendable static func leakedContinuation() async {
    say("A legacy source drops its callback without calling it; the adapter waits…")
    Task {
      let _: Int = await withCheckedContinuation { (_: CheckedContinuation<Int, Never>) in }
      say("(not reached)")
    }
    try? await Task.sleep(for: .milliseconds(500))
    say("Half a second later, the awaiting task is still suspended.")
  }

  @Sendable static func unsafeSilence() async {
    say("The same source, adapted with withUnsafeContinuation…")
    Task {
      let _: Int = await withUnsafeContinuation { (_: UnsafeContinuation<Int, Never>) in }
      say("(not reached)")
    }
    try? await Task.sleep(for: .milliseconds(500))
    say("Half a second later, the awaiting task is still suspended, and the runtime said nothing.")
  }

  @Sendable static func reorderedBatches() async {
    say("A delegate delivers batches 0 to 999 in order; each is forwarded with `Task { await consumer.take(batch) }`…")
    say(
      "First, as this runtime schedules the tasks on its own. It may keep them in order this time, or nearly: "
        + "the language promises no order, and an idle runtime usually keeps one, which is how the bug survives a demo."
    )
    await forwardThousand()
    guard JobSwapping.isAvailable else {
      say(JobSwapping.unavailableSentence)
      return
    }
    say("Again, with a scheduler that starts each pair of tasks in the opposite order, as the language allows:")
    await JobSwapping.during { await forwardThousand() }
  }

  /// Forwards a thousand batches with one task each, and says how often one overtook another.
  private static func forwardThousand() async {
    let consumer = BatchConsumer()
    let queue = DispatchQueue(label: "demo.delegate")
    queue.async {
      for batch in 0..<1000 { Task { await consumer.take(batch) } }
    }
    while await consumer.count < 1000 { try? await Task.sleep(for: .milliseconds(5)) }
    let order = await consumer.order
    let overtaken = zip(order, order.dropFirst()).filter { $0 > $1 }
    let times = overtaken.count == 1 ? "once" : "\(overtaken.count) times"
    say("  Received all 1,000; \(times) a batch arrived after a later one.")
    for (later, earlier) in overtaken.prefix(3) { say("    batch \(earlier) arrived after batch \(later)") }
  }

  @Sendable static func streamNeverFinishes() async {
    say("A download reports 25%, 50%, 75%, 100% into an AsyncStream that nobody finishes…")
    let stream = AsyncStream<Double> { continuation in
      for value in [0.25, 0.5, 0.75, 1.0] { continuation.yield(value) }
      // finish() is never called
    }
    Task {
      for await value in stream { say("  progress \(Int(value * 100))%") }
      say("(not reached) the loop ended")
    }
    try? await Task.sleep(for: .milliseconds(500))
    say("Half a second after 100%, the for-await loop is still waiting for the next value.")
  }

  @Sendable static func reentrantCache() async {
    say("An actor caches avatars: it checks its dictionary, awaits the download, then stores the picture.")
    say("Two cells ask for avatar-7 at the same time; each download waits until both cells have asked…")
    let downloads = HeldDownloads()
    let checkThenDownload = CheckThenDownloadCache(downloads: downloads)
    await twoLoads(
      of: "avatar-7", from: { await checkThenDownload.image(for: $0) }, downloads: downloads, secondDownloads: true)
    say("Downloads started: \(await downloads.started). The second call ran while the first was suspended.")
    say("Again, with the download under way kept as a Task in the actor, stored before the first await…")
    let shared = HeldDownloads()
    let sharingCache = SharedDownloadCache(downloads: shared)
    await twoLoads(
      of: "avatar-7", from: { await sharingCache.image(for: $0) }, downloads: shared, secondDownloads: false)
    say("Downloads started: \(await shared.started). The second call awaited the first one's task.")
  }

  /// Loads `key` twice: the second load starts once the first is suspended in its download, and the
  /// downloads are released once the second has started too (`secondDownloads`), or has had a moment.
  private static func twoLoads(
    of key: String, from load: @escaping @Sendable (String) async -> String, downloads: HeldDownloads,
    secondDownloads: Bool
  ) async {
    let first = Task { await load(key) }
    while await downloads.started < 1 { try? await Task.sleep(for: .milliseconds(5)) }
    let second = Task { await load(key) }
    if secondDownloads {
      while await downloads.started < 2 { try? await Task.sleep(for: .milliseconds(5)) }
    } else {
      try? await Task.sleep(for: .milliseconds(100))  // a sharing cache never downloads again: nothing to wait for
    }
    await downloads.release()
    say("  first cell: \(await first.value); second cell: \(await second.value)")
  }
}

/// Downloads that start, count themselves, and wait until ``release()``.
private actor HeldDownloads {
  private(set) var started = 0
  private var held: [CheckedContinuation<Void, Never>] = []

  func download(_ key: String) async -> String {
    started += 1
    let number = started
    await withCheckedContinuation { held.append($0) }
    return "\(key), download \(number)"
  }

  func release() {
    for continuation in held { continuation.resume() }
    held = []
  }
}

/// The textbook cache: correct for one call at a time.
private actor CheckThenDownloadCache {
  let downloads: HeldDownloads
  private var pictures: [String: String] = [:]

  init(downloads: HeldDownloads) {
    self.downloads = downloads
  }

  func image(for key: String) async -> String {
    if let picture = pictures[key] { return picture }
    let picture = await downloads.download(key)  // the actor is free here: the second call runs
    pictures[key] = picture
    return picture
  }
}

/// The cache that keeps the work: the second call awaits the first one's task.
private actor SharedDownloadCache {
  let downloads: HeldDownloads
  private var entries: [String: Task<String, Never>] = [:]

  init(downloads: HeldDownloads) {
    self.downloads = downloads
  }

  func image(for key: String) async -> String {
    if let entry = entries[key] { return await entry.value }
    let downloads = self.downloads
    let entry = Task { await downloads.download(key) }
    entries[key] = entry
    return await entry.value
  }
}

/// Writes a line at once, unbuffered, so that it is seen even if the process traps right after.
private func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Receives batches one at a time, remembering the order they came in.
private actor BatchConsumer {
  private(set) var order: [Int] = []

  var count: Int { order.count }

  func take(_ batch: Int) {
    order.append(batch)
  }
}
