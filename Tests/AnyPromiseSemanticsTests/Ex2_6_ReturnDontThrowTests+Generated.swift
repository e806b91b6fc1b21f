import AnyPromiseSemantics
import AnyPromiseSemanticsReference
import CourseKit
import Foundation
import LegacyKit
import PromiseKitLite
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex2_6_ReturnDontThrowTests {
  /// The sentence for `validate(_:)` on `scenario`, or nil when it settles as the reference's does.
  static func difference(_ scenario: OrderScenario) async -> String? {
    func settle(_ validate: (Inventory) -> AnyPromise) async -> Swift.Result<(any Sendable)?, any Error>? {
      let chain = validate(Inventory(stock: scenario.stock))
      return try? await chain.asPromise().settled(within: 0.5, "validate(_:)")
    }
    let order = scenario.object.value
    let mine = await settle { AnyPromiseSemantics.OrderValidator(inventory: $0).validate(AnyPromise.value(order)) }
    let reference = await settle {
      AnyPromiseSemanticsReference.OrderValidator(inventory: $0).validate(AnyPromise.value(order))
    }
    let said = "The chain \(Said.settled(mine)), where"
    guard scenario.object.value is Order else {
      // Any error will do here: the header asks for "an error", not for one in particular.
      if case .failure? = mine { return nil }
      return
        "\(said) \"something that is not an `Order`: reject with an error\", which \"Something that is not an order rejects\" explains. [forced-cast]"
    }
    guard !Said.sameSettlement(mine, reference) else { return nil }
    let expected = Said.settled(reference)
    if case .success? = reference {
      return
        "\(said) an order of a quantity above zero and no more than `inventory.available(sku)` is valid: \"otherwise fulfill with the order\" (\(expected)), which \"A valid order fulfills with the order\" explains. [zero-only]"
    }
    return
      "\(said) \"quantity zero or less: reject with `OrderError.invalidQuantity`\", and \"more than `inventory.available(sku)`: reject with `OrderError.outOfStock(sku:)`\" (\(expected)), which \"An invalid quantity or too little stock rejects\" explains. [zero-only]"
  }

  // A forced cast traps, so the scenarios run in a child process: a trap fails this test, in the runtime's words.
  @Test(
    "On orders of every kind (any quantity, an item in stock, sold out, or not in the list) and objects that are no order, validate settles as the reference's does, proved in a child process"
  )
  func generatedOrders() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 30) {
          let failure = await Generated.check(Gen.orderScenario, describe: \.description) {
            await Ex2_6_ReturnDontThrowTests.difference($0)
          }
          if let failure {
            throw Generated.probeFailure(failure)
          }
        }
      }
    }
    Generated.expectInChild(
      child, "validate(_:) on generated orders",
      trapWords: ["Could not cast value", "Fatal error", "Unexpectedly found nil"],
      ifTrappedInCall:
        "validate(_:) crashed on an object that is no order, where \"something that is not an `Order`: reject with an error\", which \"Something that is not an order rejects\" explains. [forced-cast]"
    )
  }
}
