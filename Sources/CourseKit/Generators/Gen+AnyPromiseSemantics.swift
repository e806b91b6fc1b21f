import Foundation
import LegacyKit
import PromiseKitLite

/// Topic 2's data, drawn: what an `AnyPromise` holds, untyped, with everything a test author tends to
/// leave out (nil, zero, an empty string, an object of another type, every kind of error and of
/// cancellation, a cancellation of the app's own).
extension Gen where Value == any Error {
  /// An error of every kind ``anyError`` draws, and a cancellation of the app's own: a
  /// `CancellableError` that is none of the system's, which only `isCancelled` recognises.
  public static var anyErrorOrOwnCancellation: Gen<any Error> {
    Gen<Int>.int(in: 0...errors.count).map { $0 < errors.count ? errors[$0] : SheetDismissed() }
  }
}

/// A cancellation of the app's own: the user dismissed a sheet. It says it is a cancellation
/// (`isCancelled`), and is no `CancellationError`, `PMKError` or `URLError`.
public struct SheetDismissed: CancellableError, Equatable, CustomStringConvertible {
  public var isCancelled: Bool { true }
  public var description: String { "SheetDismissed()" }
}

/// An untyped object, as Objective-C code hands one over, with the words a learner would write it in.
public struct DynamicObject: Sendable, CustomStringConvertible {
  /// The object itself: `nil`, or a value of any type.
  public let value: (any Sendable)?
  /// The object as Swift source: `nil`, `"five"`, `UserProfile(id: 3, …)`.
  public let description: String

  public init(_ value: (any Sendable)?, _ description: String) {
    self.value = value
    self.description = description
  }
}

extension Gen where Value == DynamicObject {
  /// An object that is no `Error`: `nil`, numbers (zero and negative ones too), strings (the empty one
  /// too), a `Bool`, an array, and the legacy app's own models.
  public static var plainObject: Gen<DynamicObject> {
    Gen<Int>.int(in: 0..<plainObjects.count).map { plainObjects[$0] }
  }

  /// The objects ``plainObject`` draws from, the simplest first (a shrunk scenario names one of them).
  static let plainObjects: [DynamicObject] = [
    DynamicObject(nil, "nil"), DynamicObject(5, "5"), DynamicObject(0, "0"), DynamicObject(-1, "-1"),
    DynamicObject("five", "\"five\""), DynamicObject("", "\"\" (an empty string)"), DynamicObject(2.5, "2.5"),
    DynamicObject(true, "true"), DynamicObject([1, 2], "[1, 2]"),
    DynamicObject(UserProfile(id: 3, displayName: "Ada"), "UserProfile(id: 3, displayName: \"Ada\")"),
    DynamicObject(Order(sku: "mug", quantity: 1), "Order(sku: \"mug\", quantity: 1)"),
  ]
}

extension Said {
  /// An error as a learner would write it, as ``error(_:)`` says it, but a `PMKError` by its case
  /// (`PMKError.cancelled`), where its description is a sentence ("The asynchronous sequence was cancelled").
  public static func errorCase(_ error: any Error) -> String {
    guard let error = error as? PMKError else { return Said.error(error) }
    return switch error {
    case .invalidCallingConvention: "PMKError.invalidCallingConvention"
    case .returnedSelf: "PMKError.returnedSelf"
    case .badInput: "PMKError.badInput"
    case .cancelled: "PMKError.cancelled"
    case .compactMap: "PMKError.compactMap"
    case .emptySequence: "PMKError.emptySequence"
    case .noWinner: "PMKError.noWinner"
    }
  }

  /// A reply as a learner would picture it, as ``reply(_:_:)`` says it, each error by ``errorCase(_:)``.
  public static func answer<Element>(_ reply: Reply<Element>, _ value: (Element) -> String) -> String {
    switch reply {
    case .value(let element): "only \(value(element))"
    case .error(let error): "only the error \(errorCase(error))"
    case .both(let element, let error): "both \(value(element)) and the error \(errorCase(error))"
    case .neither: "neither a value nor an error"
    }
  }

  /// How a typed outcome compares, as ``outcome(_:)`` says it, each error by ``errorCase(_:)``.
  public static func returnedOrThrew<T>(_ result: Swift.Result<T, any Error>) -> String {
    switch result {
    case .success(let value): "returned \(value)"
    case .failure(let error): "threw \(String(reflecting: type(of: error))) \(errorCase(error))"
    }
  }

  /// How an untyped promise settled, as a learner would say it: "fulfilled with nil", "fulfilled with
  /// "degraded"", "fulfilled with 5 (an Int)", "rejected with URLError(.cancelled)", "never settled".
  public static func settled(_ result: Swift.Result<(any Sendable)?, any Error>?) -> String {
    switch result {
    case nil: "never settled"
    case .success(nil)?: "fulfilled with nil"
    case .success(let value?)?: "fulfilled with \(object(value))"
    case .failure(let error)?: "rejected with \(errorCase(error))"
    }
  }

  /// An object as a learner would write it: a string in quotes, anything else with its type.
  public static func object(_ value: any Sendable) -> String {
    if let string = value as? String { return "\"\(string)\"" }
    return "\(value) (of type \(type(of: value)))"
  }

  /// Whether two settlements are the same: the same words, and an error of the same type.
  public static func sameSettlement(
    _ one: Swift.Result<(any Sendable)?, any Error>?, _ other: Swift.Result<(any Sendable)?, any Error>?
  ) -> Bool {
    guard settled(one) == settled(other) else { return false }
    if case .failure(let mine)? = one, case .failure(let theirs)? = other {
      return String(reflecting: type(of: mine)) == String(reflecting: type(of: theirs))
    }
    return true
  }
}

/// A stock list and what reaches an order validator: an order (of an item in stock, one sold out, one
/// the list does not hold; of any quantity, zero and negative ones too), or an object that is no order.
public struct OrderScenario: Sendable, CustomStringConvertible {
  /// How many mugs and pens are left; the list holds no cups.
  public let stock: [String: Int]
  /// What the promise to validate is fulfilled with.
  public let object: DynamicObject

  public var description: String {
    "a stock of \(stock["mug", default: 0]) mugs and \(stock["pen", default: 0]) pens (and no cups), given \(object)"
  }
}

extension Gen where Value == OrderScenario {
  /// A stock list and an order, or, one time in four, an object that is no order.
  public static var orderScenario: Gen<OrderScenario> {
    Gen { choices in
      let stock = ["mug": Int(choices.draw(below: 4)), "pen": Int(choices.draw(below: 4))]
      guard choices.draw(below: 4) != 3 else {
        return OrderScenario(stock: stock, object: Gen<DynamicObject>.plainObject.draw(&choices))
      }
      let sku = ["mug", "pen", "cup"][Int(choices.draw(below: 3))]
      let quantity = Int(choices.draw(below: 7)) - 2
      let order = DynamicObject(Order(sku: sku, quantity: quantity), "Order(sku: \"\(sku)\", quantity: \(quantity))")
      return OrderScenario(stock: stock, object: order)
    }
  }
}
