/// A way to make values of a kind at random, from a printed seed, that can also be made smaller.
///
/// A rule about data ("every price, in order", "an error of any kind wins over a value") holds
/// for all the data a test never tried, or it does not hold. So a test names a property and a
/// generator, and ``Generated/check(_:seed:trials:describe:_:)`` draws scenarios, runs the
/// learner's code and the reference on each, and, when they differ in what the header specifies,
/// shrinks the scenario to the smallest one that still shows it and says it in words.
///
/// A generator draws its value from a sequence of choices (whole numbers), as Hypothesis does: a
/// failing scenario is made smaller by making its choices fewer and smaller and drawing again, so
/// every generator, however composed (``map(_:)``, ``array(of:count:)``, ``oneOf(_:)``), shrinks
/// with no shrinker of its own.
///
/// ```swift
/// let prices = Gen.array(of: Gen.int(in: 1...5), count: 0...40)  // repeats, and bursts of 40
/// let ids = Gen.int(in: 1...9).array(count: 0...6)                 // ids in any order, duplicates too
/// ```
public struct Gen<Value>: Sendable {
  let draw: @Sendable (inout Choices) -> Value

  /// A generator that makes its value with `draw` from the choices it is given.
  public init(_ draw: @escaping @Sendable (inout Choices) -> Value) {
    self.draw = draw
  }

  /// This generator's values, transformed by `transform`.
  public func map<Other>(_ transform: @escaping @Sendable (Value) -> Other) -> Gen<Other> {
    Gen<Other> { choices in transform(draw(&choices)) }
  }

  /// Arrays of `count` of this generator's values: empty, one, many, with repeats.
  public func array(count: ClosedRange<Int>) -> Gen<[Value]> {
    Gen<[Value]>.array(of: self, count: count)
  }
}

extension Gen where Value == Int {
  /// Whole numbers in `range`, small ones first when shrinking.
  public static func int(in range: ClosedRange<Int>) -> Gen<Int> {
    Gen<Int> { choices in range.lowerBound + Int(choices.draw(below: UInt64(range.count))) }
  }
}

extension Gen where Value == Bool {
  /// `true` or `false`, `false` when shrinking.
  public static var bool: Gen<Bool> {
    Gen<Bool> { choices in choices.draw(below: 2) == 1 }
  }
}

extension Gen where Value: Sendable {
  /// One of `elements`, the first when shrinking.
  public static func element(of elements: [Value]) -> Gen<Value> {
    Gen { choices in elements[Int(choices.draw(below: UInt64(elements.count)))] }
  }
}

extension Gen {
  /// A value of one of `generators`, chosen at random: the first when shrinking.
  public static func oneOf(_ generators: [Gen<Value>]) -> Gen<Value> {
    Gen { choices in generators[Int(choices.draw(below: UInt64(generators.count)))].draw(&choices) }
  }

  /// Pairs of a value of `first` and a value of `second`, drawn one after the other: a scenario whose
  /// parts depend on each other (a call's answer, and whether the caller's predicate accepts it).
  public static func zip<First, Second>(_ first: Gen<First>, _ second: Gen<Second>) -> Gen<(First, Second)>
  where Value == (First, Second) {
    Gen<(First, Second)> { choices in (first.draw(&choices), second.draw(&choices)) }
  }

  /// Arrays of `count` values of `element`, shorter when shrinking.
  public static func array<Element>(of element: Gen<Element>, count: ClosedRange<Int>) -> Gen<[Element]>
  where Value == [Element] {
    Gen<[Element]> { choices in
      let length = count.lowerBound + Int(choices.draw(below: UInt64(count.count)))
      return (0..<length).map { _ in element.draw(&choices) }
    }
  }
}

/// The choices a generator draws from: at random while recording them, or replayed from a list
/// (the shrinker's smaller list), where a missing choice is 0, the smallest.
public struct Choices: Sendable {
  private var random: SeededRandom?
  /// The choices drawn so far, each as drawn (already within its bound).
  public private(set) var drawn: [UInt64] = []
  private let replay: [UInt64]

  /// Choices drawn at random from `seed`.
  init(seed: UInt64) {
    random = SeededRandom(seed: seed)
    replay = []
  }

  /// Choices replayed from `choices`.
  init(replaying choices: [UInt64]) {
    random = nil
    replay = choices
  }

  /// The next choice, below `bound` (a `bound` of 0 or 1 always gives 0).
  mutating func draw(below bound: UInt64) -> UInt64 {
    let raw: UInt64
    if var generator = random {
      raw = generator.next()
      random = generator
    } else {
      raw = drawn.count < replay.count ? replay[drawn.count] : 0
    }
    let choice = bound <= 1 ? 0 : raw % bound
    drawn.append(choice)
    return choice
  }
}
