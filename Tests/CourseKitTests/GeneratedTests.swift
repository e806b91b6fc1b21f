import Testing

@testable import CourseKit

@Suite("Generated: scenarios drawn from a seed, compared, and shrunk")
struct GeneratedTests {
  static let lists = Gen.int(in: 0...99).array(count: 0...30)

  @Test("The same seed draws the same scenarios, another seed others")
  func seeded() async {
    func drawn(_ seed: UInt64) async -> [[Int]] {
      var seen: [[Int]] = []
      _ = await Generated.check(Self.lists, seed: seed, trials: 20, describe: { "\($0)" }) { list in
        seen.append(list)
        return nil
      }
      return seen
    }
    let first = await drawn(7)
    #expect(first == (await drawn(7)))
    #expect(first != (await drawn(8)))
    #expect(first.contains([]) || first.contains { $0.count > 20 }, "short and long lists both come up")
  }

  @Test("A failure is shrunk to the smallest scenario that still fails alike")
  func shrinksToTheSmallest() async throws {
    let containsBig = try #require(
      await Generated.check(Self.lists, trials: 200, describe: { "\($0)" }) { list in
        list.contains { $0 >= 70 } ? "a big number. [big]" : nil
      })
    #expect(containsBig.scenario == "[70]")
    let unsorted = try #require(
      await Generated.check(Self.lists, trials: 200, describe: { "\($0)" }) { list in
        list == list.sorted() ? nil : "out of order. [unsorted]"
      })
    #expect(unsorted.scenario == "[1, 0]")
  }

  @Test("Shrinking keeps the same failure: a scenario that fails for another reason is not taken")
  func keepsTheFailure() async throws {
    let failure = try #require(
      await Generated.check(Self.lists, trials: 200, describe: { "\($0)" }) { list in
        if list.count >= 3, list.contains(42) { return "long with 42. [forty-two]" }
        return list.isEmpty ? nil : "not empty. [anything]"
      })
    // The first trials fail with [anything] on any non-empty list: the shrink of that one is [0].
    #expect(failure.scenario == "[0]" && failure.sentence == "not empty. [anything]")
  }

  @Test("Every generator shrinks through map, oneOf and element, with no shrinker of its own")
  func composedShrinks() async throws {
    let words = Gen.oneOf([Gen.element(of: ["a", "b"]), Gen.int(in: 0...9).map { "n\($0)" }]).array(count: 0...10)
    let failure = try #require(
      await Generated.check(words, trials: 200, describe: { "\($0)" }) { list in
        list.contains { $0.hasPrefix("n") && $0 != "n0" } ? "a number other than zero. [number]" : nil
      })
    #expect(failure.scenario == "[\"n1\"]")
  }

  @Test("A pair shrinks each of its parts: the smallest failing pair keeps only what fails")
  func zippedShrinks() async throws {
    let pairs = Gen.zip(Gen.int(in: 0...9), Gen<Bool>.bool).array(count: 0...8)
    let failure = try #require(
      await Generated.check(pairs, trials: 200, describe: { $0.map { "\($0.0)\($0.1 ? "+" : "-")" }.joined() }) {
        list in
        list.contains { $0.0 >= 3 && $0.1 } ? "a three or more, accepted. [pair]" : nil
      })
    #expect(failure.scenario == "3+")
  }
}
