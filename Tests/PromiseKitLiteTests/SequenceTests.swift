import PromiseKitLite
import Testing

/// An element with properties for the key-path forms.
private struct Item: Sendable, Equatable {
  let name: String
  let price: Int
  let isOnSale: Bool
  let discount: Int?
}

private let items = [
  Item(name: "mug", price: 8, isOnSale: true, discount: 2),
  Item(name: "pen", price: 2, isOnSale: false, discount: nil),
  Item(name: "cap", price: 12, isOnSale: true, discount: nil),
]

@Suite("Sequences: the helpers for promises of sequences")
struct SequenceTests {
  @Test("mapValues, flatMapValues and compactMapValues transform each element")
  func mapFamily() async {
    let numbers = Promise.value([1, 2, 3])
    #expect(await numbers.mapValues { $0 * 2 }.settled.successValue == [2, 4, 6])
    #expect(await numbers.flatMapValues { [$0, $0] }.settled.successValue == [1, 1, 2, 2, 3, 3])
    #expect(await Promise.value(["1", "a", "3"]).compactMapValues { Int($0) }.settled.successValue == [1, 3])
  }

  @Test("A throw inside an element's transform rejects the chain")
  func throwingTransform() async {
    let mapped = Promise.value([1, 2]).mapValues { _ -> Int in throw TestError(code: 6) }
    #expect(await mapped.settled.failureCode == 6)
  }

  @Test("thenMap starts one promise per element and fulfills with their values in order; one rejection rejects")
  func thenMap() async {
    let doubled = Promise.value([3, 1, 2]).thenMap { number in
      after(seconds: 0.003 * Double(number)).map { number * 2 }
    }
    #expect(await doubled.settled.successValue == [6, 2, 4])
    let failed = Promise.value([1, 2]).thenMap { number in
      number == 2 ? Promise<Int>(error: TestError(code: 2)) : Promise.value(number)
    }
    #expect(await failed.settled.failureCode == 2)
  }

  @Test("thenFlatMap concatenates the sequences the promises fulfill with")
  func thenFlatMap() async {
    let pairs = Promise.value([1, 2]).thenFlatMap { Promise.value([$0, $0 * 10]) }
    #expect(await pairs.settled.successValue == [1, 10, 2, 20])
  }

  @Test("filterValues keeps what passes; sortedValues sorts")
  func filterAndSort() async {
    #expect(await Promise.value([1, 2, 3, 4]).filterValues { $0.isMultiple(of: 2) }.settled.successValue == [2, 4])
    #expect(await Promise.value([3, 1, 2]).sortedValues().settled.successValue == [1, 2, 3])
  }

  @Test(
    "firstValue and lastValue pick an end, firstValue(where:) the first match; each rejects with emptySequence when there is none"
  )
  func firstAndLast() async {
    #expect(await Promise.value([4, 5, 6]).firstValue.settled.successValue == 4)
    #expect(await Promise.value([4, 5, 6]).lastValue.settled.successValue == 6)
    #expect(await Promise.value([4, 5, 6]).firstValue(where: { $0 > 4 }).settled.successValue == 5)
    for empty in [Promise.value([Int]()).lastValue, Promise.value([1]).firstValue(where: { $0 > 1 })] {
      guard case .rejected(PMKError.emptySequence) = await empty.settled else {
        Issue.record("an empty match must reject with emptySequence")
        continue
      }
    }
  }

  @Test("Key-path forms read a property: map, compactMap, mapValues, compactMapValues, filterValues")
  func keyPaths() async {
    let shop = Promise.value(items)
    #expect(await shop.mapValues(\.name).settled.successValue == ["mug", "pen", "cap"])
    #expect(await shop.compactMapValues(\.discount).settled.successValue == [2])
    #expect(await shop.filterValues(\.isOnSale).mapValues(\.name).settled.successValue == ["mug", "cap"])
    #expect(await shop.firstValue.map(\.price).settled.successValue == 8)
    #expect(await Promise.value(items[0]).compactMap(\.discount).settled.successValue == 2)
    guard case .rejected(PMKError.compactMap) = await Promise.value(items[1]).compactMap(\.discount).settled else {
      Issue.record("a nil key path must reject with compactMap")
      return
    }
  }

  @Test("On a Guarantee, handlers that cannot fail keep the chain a Guarantee")
  func guaranteeForms() async {
    let numbers = Guarantee.value([3, 1, 2])
    let mapped: Guarantee<[Int]> = numbers.mapValues { $0 + 1 }
    let flat: Guarantee<[Int]> = numbers.flatMapValues { [$0, $0] }
    let compact: Guarantee<[Int]> = Guarantee.value(["1", "x"]).compactMapValues { Int($0) }
    let thenMapped: Guarantee<[Int]> = numbers.thenMap { Guarantee.value($0 * 2) }
    let thenFlat: Guarantee<[Int]> = numbers.thenFlatMap { Guarantee.value([$0]) }
    let filtered: Guarantee<[Int]> = numbers.filterValues { $0 > 1 }
    let sorted: Guarantee<[Int]> = numbers.sortedValues()
    let sortedBy: Guarantee<[Int]> = numbers.sortedValues(by: >)
    #expect(await mapped.settled.successValue == [4, 2, 3])
    #expect(await flat.settled.successValue == [3, 3, 1, 1, 2, 2])
    #expect(await compact.settled.successValue == [1])
    #expect(await thenMapped.settled.successValue == [6, 2, 4])
    #expect(await thenFlat.settled.successValue == [3, 1, 2])
    #expect(await filtered.settled.successValue == [3, 2])
    #expect(await sorted.settled.successValue == [1, 2, 3])
    #expect(await sortedBy.settled.successValue == [3, 2, 1])
  }

  @Test("On a Guarantee, the key-path forms keep the chain a Guarantee")
  func guaranteeKeyPaths() async {
    let shop = Guarantee.value(items)
    let names: Guarantee<[String]> = shop.mapValues(\.name)
    let discounts: Guarantee<[Int]> = shop.compactMapValues(\.discount)
    let onSale: Guarantee<[Item]> = shop.filterValues(\.isOnSale)
    let first: Guarantee<String> = Guarantee.value(items[2]).map(\.name)
    #expect(await names.settled.successValue == ["mug", "pen", "cap"])
    #expect(await discounts.settled.successValue == [2])
    #expect(await onSale.settled.successValue?.count == 2)
    #expect(await first.settled.successValue == "cap")
  }
}
