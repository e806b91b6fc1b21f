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
    #expect(await validated(Order(sku: "mug", quantity: 2))?.success as? Order == Order(sku: "mug", quantity: 2))
  }

  @Test("An invalid quantity or too little stock rejects, by returning the error")
  func invalidOrdersReject() async {
    #expect(await validated(Order(sku: "mug", quantity: 0))?.failure as? OrderError == .invalidQuantity)
    #expect(await validated(Order(sku: "mug", quantity: 3))?.failure as? OrderError == .outOfStock(sku: "mug"))
  }

  @Test("Something that is not an order rejects instead of crashing, proved in a child process")
  func notAnOrderRejects() async {
    let child = await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
      await ResumeProbe.run {
        let chain = OrderValidator(inventory: Inventory(stock: [:])).validate(AnyPromise.value("an order"))
        let result = try await chain.asPromise().settled(within: 1, "validate(_:)")
        guard result.failure != nil else { throw ResumeProbe.ProbeFailure("a value that is not an Order must reject") }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child,
      "validate(_:) given a string (stopping the program is Swift's uncatchable exception: return an error instead)")
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
      "A chain must release every closure once it settles: keep no handler, and no chain, in a stored property.")
  }
}
