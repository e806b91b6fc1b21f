/// Topic 9's data, drawn: ids in any order with repeats, fetches that finish in any order, and
/// failures of every kind.
public struct FetchScenario: Sendable {
  /// The ids asked for: none, one or many, in any order, repeats among them.
  public var ids: [Int]
  /// How many times the fetch of each id (1 to 9, at index `id - 1`) yields before it answers, so
  /// that fetches finish in an order of their own.
  public var yields: [Int]
  /// The ids whose fetch fails, each with its error.
  public var failures: [Int: any Error]

  public init(ids: [Int], yields: [Int], failures: [Int: any Error]) {
    (self.ids, self.yields, self.failures) = (ids, yields, failures)
  }
}

extension Gen where Value == FetchScenario {
  /// Ids from 1 to 9, in any order and with repeats, up to `count`, of which up to `failing` distinct
  /// ones fail, each with an error of any kind (``Gen/anyError``, cancellations included).
  public static func fetches(count: ClosedRange<Int> = 0...8, failing: ClosedRange<Int>) -> Gen<FetchScenario> {
    Gen<FetchScenario> { choices in
      let ids = Gen<Int>.int(in: 1...9).array(count: count).draw(&choices)
      let yields = Gen<Int>.int(in: 0...4).array(count: 9...9).draw(&choices)
      let failing = Gen<Int>.int(in: failing).draw(&choices)
      var failures: [Int: any Error] = [:]
      // Which ids fail: each in turn, when a coin says so, until `failing` of them do.
      for id in Set(ids).sorted() where failures.count < failing && Gen<Bool>.bool.draw(&choices) {
        failures[id] = Gen<any Error>.anyError.draw(&choices)
      }
      return FetchScenario(ids: ids, yields: yields, failures: failures)
    }
  }
}
