import CourseKit
import LegacyKit
import Locking
import Testing
import UncooperativeLegacy
import UncooperativeLegacyReference

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex10_4_ObserverStreamTests {
  /// One step of a script: a consumer joins, notices are posted (one or a burst), or a consumer leaves.
  enum Step: Sendable {
    /// A consumer calls notices(named:from:) and starts reading in a task of its own.
    case join
    /// This many notices are posted, back to back, on the test's thread: each with a value of its
    /// own, or (`repeating`) each with the value of the notice before it, as a centre posts a value
    /// that did not change.
    case post(Int, repeating: Bool)
    /// The consumer at this place among those still listening (modulo their number) stops: its task
    /// is cancelled, or (odd places) it breaks out of its loop at its next notice.
    case leave(Int)
  }

  /// Scripts of up to 12 steps; a post is mostly a few notices, and sometimes a burst of up to 400,
  /// of new values or of the same value again.
  static var steps: Gen<[Step]> {
    let count = Gen<Int>.oneOf([Gen<Int>.int(in: 1...3), Gen<Int>.int(in: 1...400)])
    return Gen<Step>.oneOf([
      Gen<Step>.element(of: [.join]),
      count.map { Step.post($0, repeating: false) },
      count.map { Step.post($0, repeating: true) },
      Gen<Int>.int(in: 0...3).map { Step.leave($0) },
    ])
    .array(count: 1...12)
  }

  /// What the consumers still listening at the end read, and what the centre holds.
  struct Outcome: Sendable {
    /// Each consumer still listening, by the order it joined in (1 is the first), with what it read,
    /// or `nil` when it never read the notice posted after everything else.
    var read: [Int: [Int]?]
    /// The centre's observers of the name, with those consumers still listening.
    var observers: Int
    /// The centre's observers once every consumer has stopped.
    var left: Int
    /// How many joins returned a stream before the centre had made one more registration.
    var late: Int
    /// How many registrations the centre made in all.
    var made: Int
  }

  @Test(
    "Consumers joining and leaving in any order, with posts and bursts in between, read what the reference's read, and leave nothing registered"
  )
  func generatedJoinsPostsAndLeaves() async {
    await Generated.expect("notices(named:from:)", Self.steps, trials: 40, describe: Self.said) { steps in
      let mine = await Self.run(steps) { UncooperativeLegacy.notices(named: $0, from: $1) }
      let reference = await Self.run(steps) { UncooperativeLegacyReference.notices(named: $0, from: $1) }
      return Self.difference(mine, reference)
    }
  }

  /// The sentence for how `mine` differs from `reference`, or `nil`.
  static func difference(_ mine: Outcome, _ reference: Outcome) -> String? {
    if mine.made < reference.made {
      return
        "\(reference.made) calls of notices(named:from:) made \(mine.made) registrations: each call adds an observer of its own, for a stream of its own, because an `AsyncStream` has one consumer. [shared-registration]"
    }
    if mine.late > reference.late {
      return
        "\(mine.late) of the calls returned their stream before the centre had its observer, so a notice posted on the caller's next line is lost: add the observer in the builder closure, before notices(named:from:) returns. [registered-late]"
    }
    for (number, expected) in reference.read.sorted(by: { $0.key < $1.key }) {
      guard let expected else { continue }
      let read = mine.read[number] ?? nil
      guard let read else {
        return mine.observers < reference.observers
          ? "Consumer \(number) never received the notices posted after it joined, and the centre has \(mine.observers) observers for \(reference.observers) consumers: each call adds an observer of its own, before it returns. [shared-registration] [registered-late]"
          : "Consumer \(number) read \(expected.count == 0 ? "nothing" : "some notices"), then never the notice posted after everything else: every notice is kept until it is read, in the default, unbounded buffer, and each consumer has a stream of its own. [dropped]"
      }
      guard read != expected else { continue }
      // Every consumer was given time to read all it was owed, so a notice missing now was dropped.
      // Values never go down, so a repeat is one equal to the value before it.
      let repeatsLeftOut = expected.enumerated().filter { $0.offset == 0 || $0.element != expected[$0.offset - 1] }
        .map(\.element)
      if read.count < expected.count, read == repeatsLeftOut {
        return
          "Consumer \(number) read \(read.count) of the \(expected.count) notices posted after it joined: it missed each notice with the same value as the notice before it. A stream passes on every notice the centre posts, the same value twice included; which ones matter is the consumer's to decide. [dropped]"
      }
      return read != read.sorted()
        ? "Consumer \(number) read the notices out of order: yield each notice directly in the observer, on the posting thread, never from a `Task` per notice, which may start after the one posted next. [reordered]"
        : "Consumer \(number) read \(read.count) of the \(expected.count) notices posted after it joined: every notice is kept until it is read, however many come before the consumer gets to them, so keep the default, unbounded buffer. [dropped]"
    }
    if mine.observers != reference.observers {
      return mine.observers > reference.observers
        ? "\(reference.observers) consumers are listening, and the centre has \(mine.observers) observers: a consumer that stops (cancelled, or broken out of its loop) has its observer removed in its stream's `onTermination`. [never-removed]"
        : "\(reference.observers) consumers are listening, and the centre has \(mine.observers) observers: each call adds an observer of its own, kept until its consumer stops. [shared-registration]"
    }
    if mine.left != 0 {
      return
        "Every consumer stopped, and the centre still has \(mine.left) observers: remove each in its stream's `onTermination`. [never-removed]"
    }
    return nil
  }

  /// The steps in words: "consumer 1 joins, notices 1 to 3 are posted, consumer 1 leaves".
  static func said(_ steps: [Step]) -> String {
    var (joined, posted, value, live, words) = (0, 0, 0, [Int](), [String]())
    for step in steps {
      switch step {
      case .join:
        joined += 1
        live.append(joined)
        words.append("consumer \(joined) joins")
      case .post(let count, let repeating):
        let notices =
          count == 1 ? "notice \(posted + 1) is posted" : "notices \(posted + 1) to \(posted + count) are posted"
        if repeating {
          value = max(value, 1)
          words.append(notices + (count == 1 ? "" : ", each") + " with the value \(value)")
        } else {
          words.append(
            notices
              + (value == posted
                ? ""
                : count == 1 ? ", with the value \(value + 1)" : ", with the values \(value + 1) to \(value + count)"))
          value += count
        }
        posted += count
      case .leave(let place):
        guard !live.isEmpty else { continue }
        let index = place % live.count
        words.append("consumer \(live.remove(at: index)) \(place.isMultiple(of: 2) ? "is cancelled" : "breaks out")")
      }
    }
    return words.joined(separator: ", ")
  }

  /// A consumer as the script drives it.
  final class Consumer: Sendable {
    let number: Int
    /// How many notices had been posted when it joined.
    let since: Int
    /// Read notices, and whether it saw the marker.
    let read = Locked((values: [Int](), sawMarker: false))
    /// Set to make the consumer break out at its next notice.
    let breaking = Locked(false)
    let task: Task<Void, Never>

    init(number: Int, since: Int, stream: AsyncStream<NoticeCenter.Notice>) {
      self.number = number
      self.since = since
      let read = read
      let breaking = breaking
      task = Task {
        for await notice in stream {
          if breaking.withLock({ $0 }) { break }
          if notice.value == Ex10_4_ObserverStreamTests.marker {
            read.withLock { $0.sawMarker = true }
            continue
          }
          read.withLock { $0.values.append(notice.value) }
        }
      }
    }
  }

  /// Runs `steps` with `notices` over a centre of its own: each consumer reads in a task of its own;
  /// a leaving one is cancelled, or told to break and handed one more notice. At the end, the marker
  /// is posted, and each consumer still listening is read up to it.
  static func run(
    _ steps: [Step], _ notices: (String, NoticeCenter) -> AsyncStream<NoticeCenter.Notice>
  ) async -> Outcome {
    let center = NoticeCenter()
    var (live, joined, posted, value, late) = ([Consumer](), 0, 0, 0, 0)
    for step in steps {
      switch step {
      case .join:
        joined += 1
        let before = center.registrationsMade
        live.append(Consumer(number: joined, since: posted, stream: notices(name, center)))
        if center.registrationsMade == before { late += 1 }
      case .post(let count, let repeating):
        for _ in 0..<count {
          posted += 1
          if !repeating || value == 0 { value += 1 }
          center.post(name: name, value: value)
        }
      case .leave(let place):
        guard !live.isEmpty else { continue }
        let leaving = live.remove(at: place % live.count)
        if place.isMultiple(of: 2) {
          leaving.task.cancel()
        } else {
          // It breaks at its next notice, and its stream goes when its task ends.
          leaving.breaking.withLock { $0 = true }
        }
      }
    }
    // The marker comes after everything else; a consumer that reads in order sees it last.
    center.post(name: name, value: marker)
    let consumers = live
    _ = await eventually(within: 0.2) { consumers.allSatisfy { $0.read.withLock(\.sawMarker) } }
    // A notice that comes after the marker came out of order; give it the same short time to come.
    let total = posted
    _ = await eventually(within: 0.2) {
      consumers.allSatisfy { consumer in consumer.read.withLock { $0.values.count >= total - consumer.since } }
    }
    var read: [Int: [Int]?] = [:]
    for consumer in live {
      read[consumer.number] = .some(consumer.read.withLock { $0.sawMarker ? $0.values : nil })
    }
    let listening = live.count
    _ = await eventually(within: 0.2) { center.observerCount(forName: name) <= listening }
    let observers = center.observerCount(forName: name)
    for consumer in live { consumer.task.cancel() }
    _ = await eventually(within: 0.2) { center.observerCount == 0 }
    return Outcome(
      read: read, observers: observers, left: center.observerCount, late: late, made: center.registrationsMade)
  }
}
