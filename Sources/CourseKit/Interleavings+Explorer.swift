import Dispatch
import Foundation
import LegacyKit
import Locking
import Scheduling

extension Interleavings {
  /// The executor a caller's task prefers: it keeps the caller's jobs (an actor's methods, called
  /// from the caller, run here too) until the explorer runs them, one at a time, on its own thread.
  final class Gate: TaskExecutor {
    private let jobs = Locked<[UnownedJob]>([])

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      jobs.withLock { $0.append(job) }
    }

    /// Whether a job of the caller waits to run: the caller was woken.
    var isWoken: Bool { jobs.withLock { !$0.isEmpty } }

    /// Runs the caller's oldest job on the calling thread, to its next suspension; `false` if none.
    func runNext() -> Bool {
      guard let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return false }
      job.runSynchronously(on: asUnownedTaskExecutor())
      return true
    }
  }

  /// One thing the explorer can do next.
  enum Move: Equatable {
    /// Caller `i` starts, and runs until it waits or returns.
    case start(Int)
    /// Caller `i`, woken, runs on until it waits again or returns.
    case resume(Int)
    /// Call `call` of dependency `dependency` is answered.
    case answer(dependency: Int, call: Int)
    /// Caller `i` is cancelled.
    case cancel(Int)
  }

  /// The explorer: plays the scenario once per order of moves, depth first, each on a fresh world.
  struct Explorer {
    let limits: Limits
    let world: @Sendable () -> World
    let watchdog: Watchdog

    /// How many orders were tried, or the first that broke a rule.
    func run() -> Result<Int, Counterexample> {
      var moves: [String] = []
      let (tried, failure) = ChoiceSearch(limits: limits).run { choose -> String? in
        let played = play(choose)
        moves = played.moves
        return played.failure
      }
      guard let failure else { return .success(tried) }
      return .failure(Counterexample(moves: moves, sentence: failure, tried: tried))
    }

    /// Plays one order, asking `choose(options, depth)` at each step; returns the moves in words,
    /// and the sentence of the first rule that broke.
    func play(_ choose: (Int, Int) -> Int) -> (moves: [String], failure: String?) {
      let world = self.world()
      Self.keepAlive(world)
      let gates = world.callers.map { _ in Gate() }
      let ended = Locked([Bool](repeating: false, count: world.callers.count))
      var tasks = [Task<Void, Never>?](repeating: nil, count: world.callers.count)
      var cancelled = Set<Int>()
      var moves: [String] = []
      settle()
      for depth in 0..<limits.moves {
        let enabled = self.enabled(
          world, started: tasks.map { $0 != nil }, ended: ended.withLock { $0 }, gates: gates,
          cancelled: cancelled)
        guard !enabled.isEmpty else { break }
        let move = enabled[choose(enabled.count, depth)]
        switch move {
        case .start(let index):
          let operation = world.callers[index].operation
          tasks[index] = Task(executorPreference: gates[index]) {
            await operation()
            ended.withLock { $0[index] = true }
          }
          let waited = run(gates[index])
          let end = ended.withLock { $0[index] } ? "ran to its end" : "ran until it waited"
          moves.append("\(world.callers[index].name) \(end)")
          if !waited { return (moves, spinning(world.callers[index].name)) }
        case .resume(let index):
          let waited = run(gates[index])
          let end = ended.withLock { $0[index] } ? "to its end" : "until it waited again"
          moves.append("\(world.callers[index].name) went on \(end)")
          if !waited { return (moves, spinning(world.callers[index].name)) }
        case .answer(let dependency, let call):
          moves.append(world.dependencies[dependency].answer(call))
          if !settle() { return (moves, spinning("what that answer woke")) }
        case .cancel(let index):
          cancelled.insert(index)
          tasks[index]?.cancel()
          moves.append("\(world.callers[index].name) was cancelled")
          if !settle() { return (moves, spinning("what that cancellation woke")) }
          if let sentence = world.callers[index].asleepAfterCancel, !gates[index].isWoken,
            !ended.withLock({ $0[index] })
          {
            return (moves, sentence())
          }
        }
        watchdog.moving(moves.joined(separator: "; "))
        if let broke = ask(world.invariant) { return (moves, broke) }
      }
      return (moves, ask(world.check))
    }

    /// Asks `question` (an invariant or the final check), on an executor of its own, to its end:
    /// an actor it reads is free, as no move is under way.
    func ask(_ question: @escaping @Sendable () async -> String?) -> String? {
      let gate = Gate()
      let answer = Locked<String??>(nil)
      Task(executorPreference: gate) {
        let said = await question()
        answer.withLock { $0 = .some(said) }
      }
      run(gate)
      guard let said = answer.withLock({ $0 }) else {
        return
          "the check could not finish: what it reads never answered, so something the scenario started still holds it. [never-finished]"
      }
      return said
    }

    /// The moves possible now, in a fixed order: callers start in the order listed, each at any
    /// point after the one before it started; then callers that were woken; then the calls waiting
    /// for an answer; then the cancellations.
    func enabled(_ world: World, started: [Bool], ended: [Bool], gates: [Gate], cancelled: Set<Int>) -> [Move] {
      var moves: [Move] = []
      if let next = started.firstIndex(of: false) { moves.append(.start(next)) }
      for index in gates.indices where started[index] && gates[index].isWoken { moves.append(.resume(index)) }
      for (number, dependency) in world.dependencies.enumerated() {
        for call in dependency.waiting() { moves.append(.answer(dependency: number, call: call)) }
      }
      for index in world.callers.indices
      where world.callers[index].cancellable && started[index] && !ended[index] && !cancelled.contains(index) {
        moves.append(.cancel(index))
      }
      return moves
    }

    /// Runs the caller of `gate` until it waits or returns: its jobs, and after each one everything
    /// that job set going. Returns `false` for a caller that never waits: one that gave up its
    /// thread ``Limits/steps`` times and was at once ready again (a loop that yields, watching a flag).
    @discardableResult
    func run(_ gate: Gate) -> Bool {
      guard settle() else { return false }
      var steps = 0
      while gate.runNext() {
        watchdog.ran()
        guard settle() else { return false }
        steps += 1
        if steps >= limits.steps { return false }
      }
      return true
    }

    /// The sentence for `who`, which never waits.
    func spinning(_ who: String) -> String {
      "\(who) never waited: it gave up its thread and was at once ready to run again, \(limits.steps) times and more (a loop that yields, watching a flag), where it should await what it waits for. [never-finished]"
    }

    /// Runs everything that is not a caller's own until nothing is left to run: every captured
    /// job, the main actor's queue, and the legacy sources' scripted replies. Returns `false` when
    /// that never ends: ten times as many jobs as one caller may run, and still more ready (a task
    /// that yields and is at once ready again, for ever).
    @discardableResult
    func settle() -> Bool {
      var jobs = 0
      while true {
        var ran = false
        while JobCapture.runNext() {
          ran = true
          watchdog.ran()
          jobs += 1
          if jobs >= 10 * limits.steps { return false }
        }
        if Deliveries.inFlight > 0 {
          Deliveries.waitUntilQuiet(timeout: Watchdog.stuckAfter)
          ran = true
        }
        // The main actor's jobs, held by the capture, run now on the main queue, and the queue is
        // drained: everything queued on it before this marker has run. If nothing was queued on it
        // meanwhile, it has nothing left either. (Where the runtime does not let the capture hold
        // them, the main queue runs them whenever its thread is free, and may queue more on itself:
        // see `quietMainWaits`.)
        let queuedOnMain = JobCapture.mainEnqueues
        if DispatchQueue.main.sync(execute: { JobCapture.runMainActorJobs() }) > 0 { ran = true }
        if !ran, JobCapture.pending == 0, JobCapture.mainEnqueues == queuedOnMain, mainQueueStaysQuiet() { return true }
      }
    }

    /// How many more times ``settle()`` waits for the main queue once nothing else is left to run.
    ///
    /// Where no driver can hold the main actor's jobs (Swift 6.3 on Linux), a job the main queue runs
    /// can queue its task's next job on the main queue again, where no driver sees it: the runtime
    /// does so from `swift_task_switch`, for the callers' tasks here (each prefers its gate), several
    /// times in a row for a task group in a main-actor method (nine between two answers, the most
    /// measured; the course's solutions need two). One wait lets at least one more of them run,
    /// whatever the machine's load, so 32 waits cover three times the longest chain seen, for about
    /// 20 µs when the queue is idle.
    static let quietMainWaits = 32

    /// Waits for the main queue ``quietMainWaits`` times in a row, and says whether nothing turned up
    /// for the capture or the legacy sources meanwhile (what turns up at a gate, the caller's own
    /// moves, is seen there).
    func mainQueueStaysQuiet() -> Bool {
      for _ in 0..<Self.quietMainWaits {
        DispatchQueue.main.sync {}
        if JobCapture.pending > 0 || Deliveries.inFlight > 0 { return false }
      }
      return true
    }

    /// Every world played stays alive until the process ends: a call left waiting in one that was
    /// dropped would be reported as a leaked continuation, which no learner's code made.
    private static let worlds = Locked<[World]>([])

    static func keepAlive(_ world: World) {
      worlds.withLock { $0.append(world) }
    }
  }

  /// Every sequence of choices a deterministic game offers, depth first, while there are at most
  /// ``Limits/exhaustive`` of them; beyond, the games that depart from the first choice at one point,
  /// then at two, and then a sample drawn from a seeded generator.
  ///
  /// A game (one order of a scenario) asks `choose(options, depth)` at each step, and the search
  /// answers: the same prefix as the game before, then the next choice at the deepest step that has
  /// one left. Every game with the same choices plays the same, so no tree is kept.
  ///
  /// Depth first reaches only the last steps' choices when the tree is large, and a random sample
  /// rarely takes the first choice at every step but one. Yet the first choice is the plain course of
  /// things (the next caller starts, a woken caller goes on, the oldest call is answered), and a bug
  /// of interleaving usually needs one or two moves out of it at the right step: a cancel just as a
  /// turn is handed on. So, beyond the limit, half as many games again go to every game that departs
  /// from the plain course at one step, then at two (the earlier steps first), and the other half to
  /// the sample.
  struct ChoiceSearch {
    let limits: Limits

    /// Plays games until one returns a failure, or every game (or the sample) has been played;
    /// returns how many were played, and the failure.
    func run<Failure>(_ play: (_ choose: (Int, Int) -> Int) -> Failure?) -> (tried: Int, failure: Failure?) {
      var choices: [Int] = []
      var tried = 0
      while true {
        var counts: [Int] = []
        let failure = play { options, depth in
          counts.append(options)
          if depth < choices.count { return min(choices[depth], options - 1) }
          choices.append(0)
          return 0
        }
        tried += 1
        if let failure { return (tried, failure) }
        // The next game depth first: the deepest step with a choice left takes its next one.
        choices = Array(choices.prefix(counts.count))
        while let last = choices.indices.last, choices[last] + 1 >= counts[last] { choices.removeLast() }
        guard let last = choices.indices.last else { return (tried, nil) }
        choices[last] += 1
        if tried >= limits.exhaustive { break }
      }
      let departing = departures(budget: limits.exhaustive / 2, play)
      tried += departing.tried
      if let failure = departing.failure { return (tried, failure) }
      var random = SeededRandom(seed: limits.seed)
      while tried < 2 * limits.exhaustive {
        let failure = play { options, _ in Int(random.next() % UInt64(options)) }
        tried += 1
        if let failure { return (tried, failure) }
      }
      return (tried, nil)
    }

    /// A game's departures from the first choice: at which step, and which choice it takes there.
    typealias Departures = [(depth: Int, choice: Int)]

    /// Plays the games that depart from the first choice at one step, then at two, at most `budget`
    /// of them: the plain course first, to learn how many choices each of its steps has.
    func departures<Failure>(
      budget: Int, _ play: (_ choose: (Int, Int) -> Int) -> Failure?
    ) -> (tried: Int, failure: Failure?) {
      var level: [Departures] = [[]]
      var tried = 0
      for departed in 0...2 {
        var next: [Departures] = []
        for game in level {
          guard tried < budget else { return (tried, nil) }
          var counts: [Int] = []
          let failure = play { options, depth in
            counts.append(options)
            guard let departure = game.first(where: { $0.depth == depth }) else { return 0 }
            return min(departure.choice, options - 1)
          }
          tried += 1
          if let failure { return (tried, failure) }
          guard departed < 2 else { continue }
          let after = game.last.map { $0.depth + 1 } ?? 0
          for depth in counts.indices where depth >= after {
            for choice in 1..<max(counts[depth], 1) { next.append(game + [(depth, choice)]) }
          }
        }
        level = next
      }
      return (tried, nil)
    }
  }
}
