import CourseCatalog
import CourseKit
import Foundation
import LegacyKit
import Locking
import Testing
import UncooperativeLegacy

extension Ex10_4_ObserverStreamTests {
  @Test("Notices posted back to back arrive in the order they were posted, proved in a child process")
  func backToBackKeepsOrder() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 5) {
          let center = NoticeCenter()
          let count = 200
          // Tasks on the pool may start in any order, as the language allows: every task started
          // during the posts starts newest first, so a task per notice reorders on every run.
          var made: AsyncStream<NoticeCenter.Notice>?
          var registered = false
          JobSwapping.reversingTasks {
            let stream = notices(named: Self.name, from: center)
            registered = center.observerCount(forName: Self.name) == 1
            for value in 1...count { center.post(name: Self.name, value: value) }
            made = stream
          }
          guard let stream = made else { return }
          guard registered else {
            throw ResumeProbe.ProbeFailure(
              "when notices(named:from:) returned, the centre had no observer, so the notices posted next were lost: add the observer in the builder closure, not in a `Task` or on the first `next()`. [registered-late]"
            )
          }
          let read = try? await withDeadline("reading \(count) notices") {
            var read: [Int] = []
            for await notice in stream {
              read.append(notice.value)
              if read.count == count { break }
            }
            return read
          }
          guard let read else {
            throw ResumeProbe.ProbeFailure(
              "a stream given \(count) notices back to back never delivered them all: keep every notice, in the default, unbounded buffer, from an observer added before the function returns. [dropped]"
            )
          }
          let inversions = zip(read, read.dropFirst()).filter { $0 > $1 }.count
          guard inversions == 0 else {
            throw ResumeProbe.ProbeFailure(
              "a stream given \(count) notices back to back read them out of order (\(inversions) times): yield each notice directly in the observer, on the posting thread, never from a `Task` per notice. [reordered]"
            )
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "notices(named:from:) given 200 notices back to back")
  }

  /// How many threads post at once, and how many notices each.
  static let posters = 4
  static let postsEach = 500

  @Test(
    "Notices posted from several threads at once all arrive, each thread's in its order, with no data race, proved in a child process"
  )
  func postsFromManyThreads() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 10) {
          let center = NoticeCenter()
          let stream = notices(named: Self.name, from: center)
          guard center.observerCount(forName: Self.name) == 1 else {
            throw ResumeProbe.ProbeFailure(
              "when notices(named:from:) returned, the centre had no observer, so the notices posted next were lost: add the observer in the builder closure, not in a `Task` or on the first `next()`. [registered-late]"
            )
          }
          // Every poster leaves one gate with the others: the observer is called on all of their
          // threads at the same instant, and the sanitizer sees any state it touches unlocked.
          let gate = StartingGate(parties: Self.posters)
          let done = Locked(0)
          for poster in 0..<Self.posters {
            gate.run {
              for index in 0..<Self.postsEach { center.post(name: Self.name, value: poster * 10_000 + index) }
              done.withLock { $0 += 1 }
            }
          }
          _ = await eventually(within: 5) { done.withLock { $0 } == Self.posters }
          let total = Self.posters * Self.postsEach
          // Every notice was posted before this reads: a stream that kept them has them all now.
          let read = try? await withDeadline("reading the notices of \(Self.posters) threads") {
            var read: [Int] = []
            for await notice in stream {
              read.append(notice.value)
              if read.count == total { break }
            }
            return read
          }
          guard let read else {
            throw ResumeProbe.ProbeFailure(
              "\(Self.posters) threads posted \(total) notices at once, and the stream never delivered them all: every notice is kept until it is read, in the default, unbounded buffer, and the observer, called on every posting thread at once, yields and keeps nothing else. [dropped]"
            )
          }
          for poster in 0..<Self.posters {
            let own = read.filter { $0 / 10_000 == poster }
            guard own == own.sorted() else {
              throw ResumeProbe.ProbeFailure(
                "one thread's notices, posted one after the other, were read out of order: yield each notice directly in the observer, on the posting thread, never from a `Task` per notice. [reordered]"
              )
            }
          }
          // Streams made, read and dropped on several threads at once leave nothing registered.
          let churn = StartingGate(parties: Self.posters)
          let churned = Locked(0)
          for _ in 0..<Self.posters {
            churn.run {
              for _ in 0..<50 {
                let stream = notices(named: Self.name, from: center)
                center.post(name: Self.name, value: 1)
                withExtendedLifetime(stream) {}
              }
              churned.withLock { $0 += 1 }
            }
          }
          _ = await eventually(within: 5) { churned.withLock { $0 } == Self.posters }
          guard await eventually({ center.observerCount == 1 }) else {
            throw ResumeProbe.ProbeFailure(
              "\(Self.posters) threads made and dropped 50 streams each, at once, and the centre has \(center.observerCount - 1) of their observers left: remove each in its stream's `onTermination`. [never-removed]"
            )
          }
          withExtendedLifetime(stream) {}
        }
      }
    }
    if let race = DataRace.report(in: child) {
      Issue.record(Comment(rawValue: Self.raced(race)))
      return
    }
    // Whether the threads overlapped in the child depends on the machine; the race program's verdict
    // does not (see ``RaceProgram``), so it speaks whenever the child saw no other mistake.
    if ResumeProbe.verdict(of: child) == .exactlyOnce, !DataRace.sanitizerIsRunning,
      let program = await RaceProgram.run("10.4", driver: Self.raceDriver)
    {
      if let race = DataRace.report(inText: program.text) {
        Issue.record(Comment(rawValue: Self.raced(race)))
        return
      }
      if let broken = program.broken {
        Issue.record(
          "Two threads posting at once: \(broken). The observer is called on every posting thread, so whatever it touches must be safe from all of them at once; `yield` is, so yield and keep nothing else. [race]"
        )
        return
      }
    }
    ResumeProbe.expectExactlyOnce(child, "notices(named:from:), posted to from \(Self.posters) threads at once")
  }

  /// The sentence for a race the sanitizer saw in the observer.
  static func raced(_ race: String) -> String {
    "Two threads posting at once raced on the state the observer keeps: \(race). The centre calls the observer on every posting thread, at the same time; `yield` is safe from all of them, so yield each notice and keep nothing else, or keep it under a lock. [race]"
  }

  /// The race program's `@main`: two threads post one notice each, one after the other in either
  /// order (for the sanitizer), then a lock section at a time in every order; both must arrive.
  static let raceDriver = """
    import Foundation
    import LegacyKit

    @main struct RaceDriver {
      static func main() async {
        await RaceHarness.everySchedule(names: ["a thread posting 1", "a thread posting 2"]) { runner in
          let center = NoticeCenter()
          let stream = notices(named: "did-change", from: center)
          runner.start([
            { center.post(name: "did-change", value: 1) },
            { center.post(name: "did-change", value: 2) },
          ])
          await runner.waitUntilFinished()
          center.post(name: "did-change", value: -1)
          var read: [Int] = []
          for await notice in stream {
            if notice.value == -1 { break }
            read.append(notice.value)
          }
          if read.sorted() != [1, 2] {
            print("RACE BROKE: the stream read \\(read), not both notices")
            exit(1)
          }
        }
      }
    }
    """
}
