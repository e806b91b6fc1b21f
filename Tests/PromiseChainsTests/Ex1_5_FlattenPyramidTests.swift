import CourseKit
import LegacyKit
import PromiseChains
import PromiseKitLite
import Testing

@Suite("1.5 Flatten a pyramid of callbacks", .exercise("1.5"))
struct Ex1_5_FlattenPyramidTests {
  /// A path through the checkout: which call fails, if any.
  enum Path: String, CaseIterable, CustomTestStringConvertible {
    case success, validateFails, reserveFails, chargeFails, receiptFails, receiptRefused

    var testDescription: String { rawValue }

    func backend() -> CheckoutBackend {
      let backend = CheckoutBackend()
      switch self {
      case .success: break
      case .validateFails: backend.carts.script(.fail(LegacyError.badRequest))
      case .reserveFails: backend.reservations.script(.fail(LegacyError.server(status: 409)))
      case .chargeFails: backend.charges.script(.fail(LegacyError.unauthorized))
      case .receiptFails: backend.receipts.script(.fail(LegacyError.offline))
      // Any failure of the receipt, not only the one a device offline sees: the pyramid tolerates them all.
      case .receiptRefused: backend.receipts.script(.fail(LegacyError.server(status: 500)))
      }
      return backend
    }
  }

  /// What the pyramid does on `path`: its side effects and its result.
  func pyramid(_ path: Path) async -> (events: [String], result: String) {
    let backend = path.backend()
    // Not the learner's code: the pyramid is LegacyKit's, and it always calls back.
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
    // The result first: when it differs, the side effects usually differ because of it (a checkout that
    // fails tracks "failed"), so they are said after it, as details.
    let got = describe(result)
    let sideEffects =
      backend.events == expected.events
      ? "" : " Its side effects differ too: expected \(expected.events), got \(backend.events)."
    guard got == expected.result else {
      let (why, cause) = await whyTheResultDiffers(on: path, got: got, expected: expected.result)
      let sentence =
        "On the \(path.rawValue) path the result differs from the pyramid's: expected \(expected.result), got \(got).\(why)\(sideEffects)"
      switch cause {
      case .receiptFailureFails: Issue.record(Comment(rawValue: sentence + " [receipt-failure-fails]"))
      case .recoverReturnsReceipt: Issue.record(Comment(rawValue: sentence + " [recover-returns-receipt]"))
      case .unknown: Issue.record(Comment(rawValue: sentence + " [different-result]"))
      }
      return
    }
    #expect(
      sideEffects.isEmpty,
      "On the \(path.rawValue) path the side effects differ from the pyramid's. Keep every step, compensation (release) and analytics event where the pyramid has it. Expected \(expected.events), got \(backend.events). [no-failed-event]"
    )
  }

  /// The anti-pattern that ``whyTheResultDiffers(on:got:expected:)`` found, whose tag ends the sentence.
  enum Cause { case receiptFailureFails, recoverReturnsReceipt, unknown }

  /// The lesson's reason for a result that differs from the pyramid's on `path`, told apart by what
  /// the chain does on the other paths, and the anti-pattern it names.
  func whyTheResultDiffers(on path: Path, got: String, expected: String) async -> (why: String, cause: Cause) {
    if path == .receiptFails || path == .receiptRefused, got.hasPrefix("error") {
      return (
        " The pyramid succeeds with `emailed: false` when the receipt fails: recover from that one error, locally.",
        .receiptFailureFails
      )
    }
    let atTheEnd: (why: String, cause: Cause) = (
      " Recover from a tolerated failure locally, not at the end of the chain, where it would also hide the failures that matter.",
      .receiptFailureFails
    )
    // Another receipt than the pyramid's for a failed receipt: one `recover` at the end of the chain made
    // it, with no charge left to put in it, if a failed validation succeeds too.
    if path == .receiptFails || path == .receiptRefused, got.hasPrefix("receipt") {
      guard await failedValidationSucceeds() else { return ("", .unknown) }
      return (
        " A failed validation succeeds too: a `recover` at the end of the chain made this receipt, with no charge to put in it.\(atTheEnd.why)",
        .receiptFailureFails
      )
    }
    guard expected.hasPrefix("error"), got.hasPrefix("receipt") else { return ("", .unknown) }
    guard path == .chargeFails else { return atTheEnd }
    // A failed charge that succeeds: a compensation that returns a value, unless a failed validation succeeds too.
    if await failedValidationSucceeds() { return atTheEnd }
    return (
      " Compensate in a `recover` that rethrows (or a `tap`): a `recover` that returns a value turns a failed charge into a success.",
      .recoverReturnsReceipt
    )
  }

  /// Whether the chain succeeds when the cart fails to validate: only a `recover` at the end of the chain,
  /// which answers for every step, makes it.
  func failedValidationSucceeds() async -> Bool {
    let validation = await awaitSettled(
      checkout(cartID: "cart-1", backend: Path.validateFails.backend()), "The promise checkout returned")
    return validation?.success != nil
  }

  @Test("A failed charge releases the reservation before the checkout fails")
  func chargeFailureReleases() async throws {
    let backend = Path.chargeFails.backend()
    _ = await awaitSettled(checkout(cartID: "cart-1", backend: backend), "The promise checkout returned")
    #expect(
      backend.events.contains("release res-cart-1"),
      "The pyramid releases the reserved stock when the charge fails; a flat chain does it in a `recover` that rethrows (or a `tap`). [no-failed-event]"
    )
  }

  @Test("A receipt that fails to send does not fail the checkout")
  func receiptFailureIsTolerated() async throws {
    let backend = Path.receiptFails.backend()
    let result = await awaitSettled(checkout(cartID: "cart-1", backend: backend), "The promise checkout returned")
    #expect(
      result?.success?.emailed == false,
      "The pyramid succeeds with `emailed: false` when the receipt fails: recover from that one error, locally. [receipt-failure-fails]"
    )
  }

  // A promise around the pyramid behaves like the pyramid, on every path: no run can tell it from a
  // chain. The header says what to write instead, and this test reads the file for that tell.
  @Test("The checkout is a flat chain of its own, not the pyramid inside a promise")
  func flatChainOfItsOwn() async throws {
    _ = await awaitSettled(
      checkout(cartID: "cart-1", backend: Path.success.backend()), "The promise checkout returned")
    guard let source = ExerciseSource.text(of: "1.5") else {
      Issue.record("The file of exercise 1.5 could not be read, so the chain could not be checked. [fixture]")
      return
    }
    let code = source.split(separator: "\n").map { line in line.components(separatedBy: "//")[0] }.joined()
    #expect(
      !code.contains("PyramidCheckout.run"),
      "checkout(cartID:backend:) wraps `PyramidCheckout.run` instead of replacing it: rewrite it as one flat chain over the promise versions of the calls (`CheckoutBackend+Promises.swift`), one step after another. [wraps-the-pyramid]"
    )
  }
}
