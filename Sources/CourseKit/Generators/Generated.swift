import CourseCatalog
import Foundation
import Testing

/// Checks a rule about data on generated scenarios: the learner's code against the reference (the
/// exercise's solution, built as a module of its own for the suites), on inputs no test author
/// chose, from a printed seed; a failure is made as small as it goes and said in words.
///
/// A test written for ids in ascending order passes code that sorts by id; one that never sends a
/// burst longer than eight passes a buffer of eight. Drawn scenarios (ids in any order, repeats,
/// empty lists, every kind of value and error, bursts of hundreds) leave such code nowhere to hide,
/// and the reference says what each should give, so the test states the rule, not the data.
///
/// ```swift
/// await Generated.expect(
///   "every published title, in feed order", Gen.array(of: articles, count: 0...8),
///   describe: { "a feed of \($0.map(\.id))" }
/// ) { feed in
///   let mine = await titles(of: feed, with: PromiseChains.FeedLoader.self)
///   let reference = await titles(of: feed, with: PromiseChainsReference.FeedLoader.self)
///   return mine == reference ? nil : "… got \(mine), not \(reference). [sorted-titles]"
/// }
/// ```
public enum Generated {
  /// A rule broken on a scenario, made as small as it goes.
  public struct Failure: Sendable, Equatable {
    /// The smallest scenario found that breaks the rule, in words.
    public let scenario: String
    /// The rule's sentence for it, with its id.
    public let sentence: String
    /// The seed the scenarios were drawn from, and which trial first failed.
    public let seed: UInt64
    public let trial: Int
  }

  /// The seed a suite draws from, the same on every run and machine, unless `COURSE_SEED` (a
  /// number) says otherwise, to try other scenarios.
  public static var seed: UInt64 {
    ProcessInfo.processInfo.environment["COURSE_SEED"].flatMap { UInt64($0) } ?? 2026
  }

  /// The most scenarios one failure's shrinking runs.
  static let shrinkBudget = 300

  /// Draws `trials` scenarios of `generator` from `seed`, asks `property` of each (`nil`: the rule
  /// held; a sentence: it broke), and returns the first failure, shrunk: its choices made fewer and
  /// smaller while the property still fails with the same ids.
  public static func check<Scenario>(
    _ generator: Gen<Scenario>, seed: UInt64 = Generated.seed, trials: Int = 100,
    describe: (Scenario) -> String, _ property: (Scenario) async -> String?
  ) async -> Failure? {
    var random = SeededRandom(seed: seed)
    for trial in 1...trials {
      var choices = Choices(seed: random.next())
      let scenario = generator.draw(&choices)
      guard let sentence = await property(scenario) else { continue }
      let (smallest, said) = await shrink(choices.drawn, sentence, generator, property)
      var replay = Choices(replaying: smallest)
      return Failure(scenario: describe(generator.draw(&replay)), sentence: said, seed: seed, trial: trial)
    }
    return nil
  }

  /// Checks as ``check(_:seed:trials:describe:_:)`` does, each scenario under the kit's deadline, and
  /// records the failure, if any, as the calling test's: "With <the smallest scenario> (…): <sentence>".
  public static func expect<Scenario: Sendable>(
    _ rule: String, _ generator: Gen<Scenario>, seed: UInt64 = Generated.seed, trials: Int = 100,
    describe: @escaping (Scenario) -> String, sourceLocation: SourceLocation = #_sourceLocation,
    _ property: @escaping @Sendable (Scenario) async -> String?
  ) async {
    // The first scenario that does not finish by its deadline is run once more before it counts as never
    // finished: code that hangs hangs again on the same scenario, where a machine so busy that the hang
    // check's hard limit ran out (the thread sanitizer, every suite in parallel) lets it finish the second
    // time. Once only, so that code that hangs on every scenario costs one deadline more, not one each.
    var retried = false
    let failure = await check(generator, seed: seed, trials: trials, describe: describe) { scenario in
      while true {
        do {
          return try await withDeadline("\(rule), with \(describe(scenario))") { await property(scenario) }
        } catch {
          guard !retried else { break }
          retried = true
        }
      }
      return AntiPattern.tagged(
        "\(rule), with \(describe(scenario)), never finished: something it waited for never came.",
        AntiPattern.neverFinished)
    }
    guard let failure else { return }
    Issue.record(
      Comment(
        rawValue:
          "With \(failure.scenario) (the smallest of the scenarios drawn from seed \(failure.seed) that breaks it, first seen in scenario \(failure.trial)): \(failure.sentence)"
      ), sourceLocation: sourceLocation)
  }

  /// The smallest choices that still make `property` fail with the ids of `sentence`, and its
  /// sentence for them.
  static func shrink<Scenario>(
    _ start: [UInt64], _ sentence: String, _ generator: Gen<Scenario>, _ property: (Scenario) async -> String?
  ) async -> ([UInt64], String) {
    let ids = tags(sentence)
    var best = start
    var said = sentence
    var budget = shrinkBudget
    /// Whether `candidate` is simpler than `best` and still fails alike; if so, it becomes `best`.
    func attempt(_ candidate: [UInt64]) async -> Bool {
      guard budget > 0 else { return false }
      budget -= 1
      var choices = Choices(replaying: candidate)
      let scenario = generator.draw(&choices)
      let drawn = choices.drawn
      guard isSimpler(drawn, than: best), let again = await property(scenario),
        tags(again) == ids
      else { return false }
      best = drawn
      said = again
      return true
    }
    var improved = true
    while improved, budget > 0 {
      improved = false
      // Fewer choices: drop runs of them, long runs first.
      for length in [8, 4, 2, 1] {
        var index = 0
        while index + length <= best.count {
          if await attempt(Array(best[..<index] + best[(index + length)...])) {
            improved = true
          } else {
            index += 1
          }
        }
      }
      // Smaller choices: each to zero, halved, one less. (A smaller choice may draw fewer after it.)
      var index = 0
      while index < best.count {
        let value = best[index]
        for smaller in [0, value / 2, value &- 1] where value > 0 && smaller < value && index < best.count {
          var candidate = best
          candidate[index] = smaller
          if await attempt(candidate) {
            improved = true
            break
          }
        }
        index += 1
      }
    }
    return (best, said)
  }

  /// The ids a sentence's tags name.
  static func tags(_ sentence: String) -> Set<String> {
    Set(AntiPattern.tagRanges(in: sentence).map { String(sentence[$0].dropFirst(2).dropLast()) })
  }

  /// Shorter is simpler; of two as long, the one whose first differing choice is smaller.
  static func isSimpler(_ candidate: [UInt64], than current: [UInt64]) -> Bool {
    if candidate.count != current.count { return candidate.count < current.count }
    return candidate.lexicographicallyPrecedes(current)
  }
}
