import Foundation
import Locking
import Testing

@testable import CourseKit

/// A cache that downloads a key once however many callers ask at once, right in every order.
actor RightCache {
  private let download: @Sendable (String) async throws -> Int
  private var entries: [String: Task<Int, any Error>] = [:]

  init(download: @escaping @Sendable (String) async throws -> Int) { self.download = download }

  func value(for key: String) async throws -> Int {
    if let entry = entries[key] { return try await entry.value }
    let download = self.download
    let entry = Task { try await download(key) }
    entries[key] = entry
    do {
      return try await entry.value
    } catch {
      if entries[key] == entry { entries[key] = nil }
      throw error
    }
  }
}

/// The same cache, wrong across its `await`: it checks, then downloads, and stores only once the
/// download is done, so a second caller that comes while the first waits downloads again.
actor CheckThenDownloadCache {
  private let download: @Sendable (String) async throws -> Int
  private var values: [String: Int] = [:]

  init(download: @escaping @Sendable (String) async throws -> Int) { self.download = download }

  func value(for key: String) async throws -> Int {
    if let value = values[key] { return value }
    let value = try await download(key)
    values[key] = value
    return value
  }
}

/// A main-actor model that asks for two parts at once, as children of a task group, and adds them up:
/// right in every order. Between two answers its task group queues the caller's next job on the main
/// queue again, several times in a row, where the explorer must still find it.
@MainActor
final class GroupedTotal {
  private let part: @Sendable (Int) async throws -> Int
  private(set) var totals: [Int] = []

  init(part: @escaping @Sendable (Int) async throws -> Int) { self.part = part }

  func load() async {
    let part = self.part
    let total = await withTaskGroup(of: Int.self, returning: Int.self) { group in
      group.addTask { (try? await part(1)) ?? 0 }
      group.addTask { (try? await part(2)) ?? 0 }
      var sum = 0
      for await value in group { sum += value }
      return sum
    }
    totals.append(total)
  }
}

struct LoadFailed: Error, CustomStringConvertible {
  var description: String { "LoadFailed" }
}

@Suite("Interleavings: every order of a scenario's moves, in a child process")
struct InterleavingsTests {
  /// Two loads of one key, its first download failing; then a third load, which downloads again.
  static func loads(_ make: @escaping @Sendable (@escaping @Sendable (String) async throws -> Int) -> any Loading)
    -> Interleavings.World
  {
    let download = HeldCalls<String, Int>()
    let cache = make(download.function)
    let outcomes = Locked<[Int: String]>([:])
    return Interleavings.World(
      callers: (1...3).map { number in
        Interleavings.Caller("load \(number) of k") {
          let outcome: String
          do { outcome = "\(try await cache.load("k"))" } catch { outcome = "\(error)" }
          outcomes.withLock { $0[number] = outcome }
        }
      },
      dependencies: [
        download.dependency({ "download \($0 == "k" ? "of k" : $0)" }) { _, index in
          index == 0 ? .failure(LoadFailed()) : .success(index)
        }
      ],
      invariant: {
        download.mostAtOnce > 1
          ? "Two downloads of k ran at once: a key is downloaded once at a time. [check-then-download]" : nil
      },
      check: {
        outcomes.withLock { $0.count } == 3
          ? nil : "A load never returned (\(outcomes.withLock { $0 })). [never-finished]"
      })
  }

  static func rightCache() -> Interleavings.World { loads { RightCache(download: $0) } }
  static func wrongCache() -> Interleavings.World { loads { CheckThenDownloadCache(download: $0) } }

  /// Two loads of a main-actor model, each waiting for a task group of two held calls.
  static func groupedTotals() -> Interleavings.World {
    let part = HeldCalls<Int, Int>()
    let model = DispatchQueue.main.sync { MainActor.assumeIsolated { GroupedTotal(part: part.function) } }
    let ended = Locked(0)
    return Interleavings.World(
      callers: (1...2).map { number in
        Interleavings.Caller("load \(number)") {
          await model.load()
          ended.withLock { $0 += 1 }
        }
      },
      dependencies: [part.dependency({ "part \($0)" }) { argument, _ in .success(argument * 10) }],
      check: {
        let totals = await model.totals
        return ended.withLock { $0 } == 2 && totals == [30, 30]
          ? nil : "A load never returned (totals \(totals)). [never-finished]"
      })
  }

  @Test("A main-actor method that waits for a task group is followed to its end in every order")
  func mainActorTaskGroup() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore(InterleavingsTests.groupedTotals)
      }
    }
    #expect(ResumeProbe.verdict(of: child) == .exactlyOnce)
    #expect((Interleavings.ordersTried(child) ?? 0) > 10, "every order of two loads and their four parts")
  }

  @Test("A cache right in every order passes all of them")
  func rightPasses() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore(InterleavingsTests.rightCache)
      }
    }
    #expect(ResumeProbe.verdict(of: child) == .exactlyOnce)
    #expect((Interleavings.ordersTried(child) ?? 0) > 10, "every order of three loads and their answers")
  }

  @Test("A cache wrong across its await fails, in an order said in words, the same every time")
  func wrongFails() async {
    var verdicts: [ResumeProbe.Verdict] = []
    for _ in 0..<2 {
      let child = await ChildProcessSlots.shared.run {
        await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
          Interleavings.explore(InterleavingsTests.wrongCache)
        }
      }
      verdicts.append(ResumeProbe.verdict(of: child))
    }
    guard case .wrongResult(let words) = verdicts[0] else {
      Issue.record("expected a counterexample, got \(verdicts[0])")
      return
    }
    #expect(words.hasPrefix("In this order: (1) load 1 of k ran until it waited; (2) load 2 of k ran until it waited"))
    #expect(
      words.hasSuffix("Then: Two downloads of k ran at once: a key is downloaded once at a time. [check-then-download]")
    )
    #expect(verdicts[0] == verdicts[1], "the same order fails every time")
  }
}

@Suite("Interleavings: the search over choices")
struct ChoiceSearchTests {
  @Test("Every game is played once, depth first, while there are few enough")
  func everyGameOnce() {
    var played: [[Int]] = []
    var limits = Interleavings.Limits()
    limits.exhaustive = 100
    let (tried, failure) = Interleavings.ChoiceSearch(limits: limits).run { choose -> String? in
      played.append([2, 3, 2].enumerated().map { choose($0.element, $0.offset) })
      return nil
    }
    #expect(failure == nil && tried == 12)
    #expect(Set(played).count == 12 && played.first == [0, 0, 0] && played.last == [1, 2, 1])
  }

  @Test("Beyond the limit, a sample from the seed, the same sample every time; a failure stops the search")
  func sampleAndStop() {
    var limits = Interleavings.Limits()
    limits.exhaustive = 5
    func sample() -> [[Int]] {
      var played: [[Int]] = []
      _ = Interleavings.ChoiceSearch(limits: limits).run { choose -> String? in
        played.append([2, 3, 2].enumerated().map { choose($0.element, $0.offset) })
        return nil
      }
      return played
    }
    #expect(sample().count == 10)
    #expect(sample() == sample())
    let (tried, failure) = Interleavings.ChoiceSearch(limits: limits).run { choose -> String? in
      [2, 3, 2].enumerated().map { choose($0.element, $0.offset) } == [0, 1, 1] ? "found" : nil
    }
    #expect(failure == "found" && tried == 4)
  }

  @Test(
    "Beyond the limit, every game that leaves the first choice at one step comes before the sample, the earlier steps first, then at two"
  )
  func departuresBeforeTheSample() {
    var limits = Interleavings.Limits()
    limits.exhaustive = 40
    let steps = [Int](repeating: 3, count: 10)
    // Depth first, 40 games vary only the last four steps; the bug needs one other choice at the third.
    let bug = [0, 0, 2, 0, 0, 0, 0, 0, 0, 0]
    let (tried, failure) = Interleavings.ChoiceSearch(limits: limits).run { choose -> String? in
      steps.enumerated().map { choose($0.element, $0.offset) } == bug ? "found" : nil
    }
    // 40 depth first, the plain course again, then the steps' other choices in order: 2 at the first
    // step, 2 at the second, and the second at the third.
    #expect(failure == "found" && tried == 40 + 1 + 6)
    // With no bug: half as many games again leave the plain course (one step away, in order, then two),
    // and the sample makes up the rest.
    limits.exhaustive = 60
    var played: [[Int]] = []
    let (all, none) = Interleavings.ChoiceSearch(limits: limits).run { choose -> String? in
      played.append(steps.enumerated().map { choose($0.element, $0.offset) })
      return nil
    }
    #expect(none == nil && all == 120)
    let departing = played[60..<90].map { game in game.indices.filter { game[$0] != 0 } }
    #expect(departing.first == [])
    #expect(departing.dropFirst().prefix(20).map(\.count) == Array(repeating: 1, count: 20))
    #expect(departing.dropFirst().prefix(20).map(\.[0]) == (0..<10).flatMap { [$0, $0] })
    #expect(departing.suffix(9).allSatisfy { $0.count == 2 })
  }
}

protocol Loading: Sendable {
  func load(_ key: String) async throws -> Int
}
extension RightCache: Loading { func load(_ key: String) async throws -> Int { try await value(for: key) } }
extension CheckThenDownloadCache: Loading { func load(_ key: String) async throws -> Int { try await value(for: key) } }
