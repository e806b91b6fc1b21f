import AnyPromiseSemantics
import CourseKit
import Foundation
import LegacyKit
import PromiseKitLite
import Testing

@Suite("2.6 Return, don't throw", .exercise("2.6"))
struct Ex2_6_ReturnDontThrowTests {
  let inventory = Inventory(stock: ["mug": 2])

  func validated(_ order: any Sendable) async -> Swift.Result<(any Sendable)?, any Error>? {
    await awaitSettled(
      OrderValidator(inventory: inventory).validate(AnyPromise.value(order)).asPromise(), "validate(_:)")
  }

  @Test("A valid order fulfills with the order")
  func validOrder() async {
    let order = Order(sku: "mug", quantity: 2)
    let result = await validated(order)
    // Told apart by what came back: each way of missing the order has its own cause.
    switch result {
    case .success(let value as Order)? where value == order:
      break
    case .failure(let error)?:
      Issue.record(
        "A valid order fulfills with the order: 2 mugs, with 2 in stock, rejected with \(error). Reject only a quantity of zero or less, or more than `inventory.available(sku)`: an order for exactly what is left is valid. [zero-only]"
      )
    case .success(let value)? where value.map({ "\(type(of: $0))".hasPrefix("Result") }) == true:
      Issue.record(
        "A valid order fulfills with the order itself: it fulfilled with \(value.map { "\($0)" } ?? "nil"). A returned `Result` is not an `Error`, so it fulfills with the `Result`: return the order, or the error. [zero-only]"
      )
    case .success(let value)?:
      Issue.record(
        "A valid order fulfills with the order itself, not with \(value.map { "\($0)" } ?? "nothing (which fulfills with nil)"). [zero-only]"
      )
    case nil:
      break  // it never settled: awaitSettled has said so
    }
  }

  // On the Swift face (`order.map`, `asPromise()`) a handler may throw, and the thrown error rejects
  // just as a returned one does: no run can tell the faces apart. The header asks for the face the
  // legacy code uses, where a handler cannot throw, so this test reads the file for it.
  @Test("The order is validated on its Objective-C face, where a handler rejects by returning its error")
  func objectiveCFace() async {
    _ = await validated(Order(sku: "mug", quantity: 1))
    guard let code = ExerciseSource.code(of: "2.6") else {
      Issue.record("The file of exercise 2.6 could not be read, so the face could not be checked. [fixture]")
      return
    }
    let validator = ExerciseSource.declaration("class OrderValidator", in: code) ?? code
    #expect(
      validator.filter { !$0.isWhitespace }.contains(".objc.then"),
      "validate(_:) does not chain on the Objective-C face the legacy code uses: validate in `order.objc.then`, whose handler cannot throw, and reject by returning the error. [swift-face]"
    )
  }

  @Test("An invalid quantity or too little stock rejects, by returning the error", arguments: [0, -1, 3])
  func invalidOrdersReject(quantity: Int) async {
    let result = await validated(Order(sku: "mug", quantity: quantity))
    let expected: OrderError = quantity > 0 ? .outOfStock(sku: "mug") : .invalidQuantity
    #expect(
      result?.failure as? OrderError == expected,
      "An invalid order rejects by returning its error: a quantity of \(quantity) must reject with \(expected); got \(String(describing: result)). [zero-only]"
    )
  }

  @Test("Something that is not an order rejects instead of crashing, proved in a child process")
  func notAnOrderRejects() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run {
          let chain = OrderValidator(inventory: Inventory(stock: [:])).validate(AnyPromise.value("an order"))
          let result = try await chain.asPromise().settled(within: 1, "validate(_:)")
          guard result.failure != nil else {
            throw ResumeProbe.ProbeFailure("a value that is not an Order must reject [forced-cast]")
          }
        }
      }
    }
    let trap = child?.runtimeWords(containing: "Could not cast value") ?? child?.runtimeWords(containing: "Fatal error")
    if let trap {
      Issue.record(
        "Something that is not an order must reject instead of crashing: stopping the program is Swift's uncatchable exception, so return an error instead. The runtime said: \(trap) [forced-cast]"
      )
    } else {
      ResumeProbe.expectExactlyOnce(child, "validate(_:) given a string (something that is not an order must reject)")
    }
  }

  @Test("Once the chain settles, the validator and the inventory are released")
  func nothingLeaks() async {
    let probe = LeakProbe()
    do {
      let inventory = Inventory(stock: ["mug": 1])
      let validator = OrderValidator(inventory: inventory)
      probe.track(validator, "the validator")
      probe.track(inventory, "the inventory")
      let (order, resolve) = AnyPromise.pending()
      let chain = validator.validate(order)
      resolve(Order(sku: "mug", quantity: 1))
      _ = await awaitSettled(chain.asPromise(), "validate(_:)")
    }
    await probe.expectAllReleased(
      within: 0.5,
      "A chain must release every closure once it settles: keep no handler, and no chain, in a stored property. [stored-handler]"
    )
  }
}
