import CourseKit
import LegacyKit
import PromiseChains
import PromiseKitLite
import Testing

extension Ex1_5_FlattenPyramidTests {
  /// The step of the checkout that fails, if any.
  enum Step: String, Sendable, CaseIterable {
    case validate, reserve, charge, receipt
  }

  /// A checkout as a test draws it: which step fails, with an error of any kind, or none.
  struct Failure: Sendable, CustomStringConvertible {
    let step: Step?
    let error: (any Error)?

    static let all: Gen<Failure> = .oneOf(
      [Gen<Int>.int(in: 0...0).map { _ in Failure(step: nil, error: nil) }]
        + Step.allCases.map { step in
          Gen<any Error>.anyErrorOrOwnCancellation.map { error in Failure(step: step, error: error) }
        })

    func backend() -> CheckoutBackend {
      let backend = CheckoutBackend()
      guard let step, let error else { return backend }
      switch step {
      case .validate: backend.carts.script(.fail(error))
      case .reserve: backend.reservations.script(.fail(error))
      case .charge: backend.charges.script(.fail(error))
      case .receipt: backend.receipts.script(.fail(error))
      }
      return backend
    }

    var description: String {
      guard let step, let error else { return "a checkout where every step succeeds" }
      return "a checkout whose \(step.rawValue) step fails with \(Said.errorCase(error))"
    }
  }

  @Test(
    "On a failure of any kind at any step, every kind of cancellation too, the flat chain has the pyramid's side effects and result"
  )
  func generatedFailures() async {
    await Generated.expect("checkout", Failure.all, describe: \.description) { failure in
      func run(
        _ checkout: (CheckoutBackend) -> Promise<PyramidCheckout.Receipt>
      ) async -> (result: String, events: [String]) {
        let backend = failure.backend()
        let result = try? await checkout(backend).settled(within: 0.5, "checkout")
        return (result.map(Said.returnedOrThrew) ?? "never settled", backend.events)
      }
      let mine = await run { PromiseChains.checkout(cartID: "cart-1", backend: $0) }
      // The header's reference is the pyramid itself, run on a fresh backend of its own.
      let backend = failure.backend()
      let pyramid = await withCheckedContinuation { continuation in
        PyramidCheckout.run(cartID: "cart-1", backend: backend) { continuation.resume(returning: $0) }
      }
      let reference = (result: Said.returnedOrThrew(pyramid), events: backend.events)
      guard mine != reference else { return nil }
      guard mine.result == reference.result else {
        let did = "The checkout \(mine.result), where the pyramid's \(reference.result)"
        if failure.step == .receipt {
          return
            "\(did): a receipt that fails to send, with an error of whatever kind, does not fail the checkout, which \"A receipt that fails to send does not fail\" or \"The flat chain has the pyramid's side effects\" explains. [receipt-failure-fails]"
        }
        if failure.step == .charge, reference.result.hasPrefix("threw"), mine.result.hasPrefix("returned") {
          return
            "\(did): a `recover` that returns a value turns a failed charge into a success, which \"The flat chain has the pyramid's side effects\" explains. [recover-returns-receipt]"
        }
        return
          "\(did): \"the result must be the same, on the success path and on every failure path\", which \"The flat chain has the pyramid's side effects\" explains. [different-result]"
      }
      return
        "The checkout's side effects were \(mine.events), where the pyramid's are \(reference.events): \"every side effect (validate, reserve, charge, release, receipt, each analytics event) must happen in the same order\", which \"The flat chain has the pyramid's side effects\" or \"A failed charge releases\" explains. [no-failed-event]"
    }
  }
}
