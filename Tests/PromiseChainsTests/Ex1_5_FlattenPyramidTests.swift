import CourseKit
import LegacyKit
import PromiseChains
import PromiseKitLite
import Testing

@Suite("1.5 Flatten a pyramid of callbacks", .exercise("1.5"))
struct Ex1_5_FlattenPyramidTests {
  /// A path through the checkout: which call fails, if any.
  enum Path: String, CaseIterable, CustomTestStringConvertible {
    case success, validateFails, reserveFails, chargeFails, receiptFails

    var testDescription: String { rawValue }

    func backend() -> CheckoutBackend {
      let backend = CheckoutBackend()
      switch self {
      case .success: break
      case .validateFails: backend.carts.script(.fail(LegacyError.badRequest))
      case .reserveFails: backend.reservations.script(.fail(LegacyError.server(status: 409)))
      case .chargeFails: backend.charges.script(.fail(LegacyError.unauthorized))
      case .receiptFails: backend.receipts.script(.fail(LegacyError.offline))
      }
      return backend
    }
  }

  /// What the pyramid does on `path`: its side effects and its result.
  func pyramid(_ path: Path) async -> (events: [String], result: String) {
    let backend = path.backend()
    let result = await withCheckedContinuation { continuation in
      PyramidCheckout.run(cartID: "cart-1", backend: backend) { continuation.resume(returning: $0) }
    }
    return (backend.events, describe(result))
  }

  func describe(_ result: Swift.Result<PyramidCheckout.Receipt, any Error>) -> String {
    switch result {
    case .success(let receipt): "receipt \(receipt.chargeID), emailed: \(receipt.emailed)"
    case .failure(let error): "error \(error)"
    }
  }

  @Test("The flat chain has the pyramid's side effects, in the same order", arguments: Path.allCases)
  func sameSideEffects(path: Path) async throws {
    let expected = await pyramid(path)
    let backend = path.backend()
    guard let result = await awaitSettled(checkout(cartID: "cart-1", backend: backend), "The promise checkout returned")
    else { return }
    #expect(
      backend.events == expected.events,
      "On the \(path.rawValue) path the side effects differ from the pyramid's. Expected \(expected.events), got \(backend.events). Keep every step, compensation (release) and analytics event where the pyramid has it."
    )
    let got = describe(result)
    let why =
      if path == .chargeFails, got.hasPrefix("receipt") {
        " Compensate in a `recover` that rethrows (or a `tap`): a `recover` that returns a value turns a failed charge into a success."
      } else if expected.result.hasPrefix("error"), got.hasPrefix("receipt") {
        " Recover from a tolerated failure locally, not at the end of the chain, where it would also hide the failures that matter."
      } else {
        ""
      }
    #expect(
      got == expected.result,
      "On the \(path.rawValue) path the result differs from the pyramid's: expected \(expected.result), got \(got).\(why)"
    )
  }

  @Test("A failed charge releases the reservation before the checkout fails")
  func chargeFailureReleases() async throws {
    let backend = Path.chargeFails.backend()
    _ = await awaitSettled(checkout(cartID: "cart-1", backend: backend), "The promise checkout returned")
    #expect(
      backend.events.contains("release res-cart-1"),
      "The pyramid releases the reserved stock when the charge fails; a flat chain does it in a `recover` that rethrows (or a `tap`)."
    )
  }

  @Test("A receipt that fails to send does not fail the checkout")
  func receiptFailureIsTolerated() async throws {
    let backend = Path.receiptFails.backend()
    let result = await awaitSettled(checkout(cartID: "cart-1", backend: backend), "The promise checkout returned")
    #expect(
      result?.success?.emailed == false,
      "The pyramid succeeds with `emailed: false` when the receipt fails: recover from that one error, locally.")
  }
}
