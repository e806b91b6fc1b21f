import ActorsAndTasks
import CourseKit
import Locking
import Testing

extension Ex9_3_TaskGroupsTests {
  /// One place of a drawn list of ids: its id, and whether that place's fetch fails.
  struct Place: Sendable, CustomStringConvertible {
    let id: Int
    let fails: Bool
    var description: String { fails ? "\(id) (failing)" : "\(id)" }
  }

  /// Lists of ids as no test author writes them: repeats, any order, none at all; a few failing.
  static let places = Gen.int(in: 0...9).map { Place(id: $0 % 4 + 1, fails: $0 >= 8) }.array(count: 0...6)

  /// A fetch whose every call answers with a value of its own ("article 2, call 5"), or fails with
  /// `Boom(id)` for a failing id, after yielding a few times: calls finish in an order no test chose,
  /// and each value can be traced to the one call that made it.
  final class Fetches: Sendable {
    let failing: Set<Int>
    private let made = Locked<[String]>([])
    init(failing: Set<Int>) { self.failing = failing }
    var values: [String] { made.withLock { $0 } }

    func fetch(_ id: Int) async throws -> String {
      let call = made.withLock { made -> String in
        let value = "article \(id), call \(made.count + 1)"
        made.append(value)
        return value
      }
      for _ in 0..<(id * 3 + call.count) % 4 { await Task.yield() }
      if failing.contains(id) { throw Boom(number: id) }
      return call
    }
  }

  /// Whether `read`, one value per place of `ids`, gives each place a value its own id's fetch made,
  /// no value twice: nil if so, else what went wrong, in words.
  static func misplaced(_ read: [String], _ ids: [Int], made: [String]) -> String? {
    guard read.count == ids.count else { return "\(read.count) values for \(ids.count) ids" }
    if let place = ids.indices.first(where: { !read[$0].hasPrefix("article \(ids[$0]), ") }) {
      return "place \(place + 1), id \(ids[place]), got \"\(read[place])\""
    }
    if Set(read).count < read.count { return "one fetch's value went to two places (\(read))" }
    if !Set(read).isSubset(of: Set(made)) { return "values no fetch made (\(read))" }
    return nil
  }

  @Test("On ids of every kind (repeats, any order, none at all), each place gets its own fetch's value or outcome")
  func generatedIds() async {
    await Generated.expect(
      "fetchAll and fetchEach", Self.places, describe: { "the ids \($0)" }
    ) { places in
      let ids = places.map(\.id)
      let failing = Set(places.filter(\.fails).map(\.id))
      let all = Fetches(failing: failing)
      let outcome = await Interleavings.outcome { try await fetchAll(ids, fetch: all.fetch) }
      switch outcome {
      case .success(let read) where failing.isEmpty:
        if let wrong = Self.misplaced(read, ids, made: all.values) {
          return
            "`fetchAll(\(ids))` returned \(read): \(wrong). Each place of `ids` gets the value of its own fetch, repeated ids too (key by position, not by id), which \"fetchAll fetches every id at once\" explains. [completion-order] [wrong-values]"
        }
      case .success(let read):
        return
          "`fetchAll(\(ids))` returned \(read), though the fetches of \(failing.sorted()) failed: the first error to arrive is thrown, which \"fetchAll throws the first error to arrive\" explains. [wrong-values]"
      case .failure(let error as Boom) where failing.contains(error.number):
        break
      case .failure(let error):
        return
          "`fetchAll(\(ids))` \(failing.isEmpty ? "" : "(the fetches of \(failing.sorted()) failing) ")threw \(error)\(failing.isEmpty ? ", though every fetch succeeded" : ", which no fetch threw"), which \"fetchAll throws the first error to arrive\" explains. [wrong-values]"
      }
      let each = Fetches(failing: failing)
      let outcomes = await fetchEach(ids, fetch: each.fetch)
      let read = outcomes.map { outcome in
        switch outcome {
        case .success(let value): value
        case .failure(let error): "\(error)"
        }
      }
      let expected = ids.indices.map { failing.contains(ids[$0]) ? "Boom(\(ids[$0]))" : nil }
      let wrongFailure = ids.indices.first { place in
        (expected[place] != nil) != (read.indices.contains(place) && read[place].hasPrefix("Boom"))
          || (expected[place] != nil && read[place] != expected[place])
      }
      let values = ids.indices.filter { expected[$0] == nil && read.indices.contains($0) }
      if read.count != ids.count || wrongFailure != nil
        || Self.misplaced(values.map { read[$0] }, values.map { ids[$0] }, made: each.values) != nil
      {
        return
          "`fetchEach(\(ids))` returned \(read): each place of `ids` gets the outcome of its own fetch, in the order of ids, repeated ids too, which \"fetchEach fetches every id at once\" explains. [completion-order] [wrong-values]"
      }
      return nil
    }
  }
}
