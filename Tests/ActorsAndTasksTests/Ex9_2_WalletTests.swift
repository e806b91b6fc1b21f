import ActorsAndTasks
import CourseKit
import Locking
import Testing

@Suite("9.2 Reentrancy, the invariant: never overdraw", .exercise("9.2"))
struct Ex9_2_WalletTests {
  @Test(
    "Two withdrawals that each fit but not together, the second made while the first awaits its approval: one goes, one is refused, and the balance never goes below zero"
  )
  func neverOverdraws() async throws {
    let authorize = HeldCalls<Int, Void>()
    let wallet = Wallet(balance: 100, authorize: authorize.function)
    let first = Task { try await wallet.withdraw(60) }
    guard await authorize.waitForCalls(1, from: first) else {
      first.cancel()
      Issue.record("`withdraw(60)` from 100 never asked `authorize` to approve it. [no-authorize]")
      return
    }
    // The first withdrawal is suspended at its approval. The second either asks for its own (it
    // checked the balance, which the first has not changed yet) or is refused at once (the first
    // reserved its amount): wait for one of the two, never for a time.
    let secondDone = Finished()
    let second = Task {
      defer { secondDone.mark() }
      try await wallet.withdraw(60)
    }
    _ = await eventually { authorize.count >= 2 || secondDone.isSet }
    authorize.answer(0, with: .success(()))
    let firstOutcome = await withDeadlineResult("the first withdraw(60)") { try await first.value }
    authorize.answer(1, with: .success(()))
    let secondOutcome = await withDeadlineResult("the second withdraw(60)") { try await second.value }
    let balance = try await withDeadline("reading the balance") { await wallet.balance }
    let succeeded = [firstOutcome, secondOutcome].count { (try? $0.get()) != nil }
    #expect(
      balance >= 0,
      "The second withdrawal of 60 passed its check while the first was suspended at its `await`, and both went through: the balance is \(balance). What was true before an `await` may not be after it: check the balance again once `authorize` returns, just before you change it. [check-before-await]"
    )
    guard balance >= 0 else { return }
    #expect(
      !(succeeded == 2 && balance == 40),
      "The second withdrawal of 60 no longer fitted once the first went through, and it returned as if it had gone through too, without taking anything: throw `InsufficientFunds` when the check after the `await` fails. [refusal-not-thrown]"
    )
    guard !(succeeded == 2 && balance == 40) else { return }
    let refused = [firstOutcome, secondOutcome].compactMap { $0.failure as? InsufficientFunds }
    #expect(
      succeeded == 1 && balance == 40 && refused == [InsufficientFunds(requested: 60, available: 40)],
      "Of two withdrawals of 60 from 100, one should go through and the other throw `InsufficientFunds(requested: 60, available: 40)`, leaving 40: the first \(did(firstOutcome)), the second \(did(secondOutcome)), and \(balance) is left. [wrong-refusal]"
    )
  }

  @Test("A withdrawal that authorize refuses throws its error and changes nothing")
  func refusedChangesNothing() async throws {
    let authorize = HeldCalls<Int, Void> { _, _ in .failure(Boom(number: 403)) }
    let wallet = Wallet(balance: 100, authorize: authorize.function)
    let outcome = await withDeadlineResult("withdraw(30), refused") { try await wallet.withdraw(30) }
    let balance = try await withDeadline("reading the balance") { await wallet.balance }
    #expect(
      balance == 100,
      "`authorize` refused a withdrawal of 30, and the balance is \(balance), not 100: an amount taken before the approval must be given back when it fails, and taken at all only once it is given. [not-refunded]"
    )
    #expect(
      outcome.failure as? Boom == Boom(number: 403),
      "A withdrawal that `authorize` refuses should throw its error (Boom(403)): it \(did(outcome)). [no-authorize]")
  }

  @Test("A withdrawal that does not fit when it is made is refused at once, without asking authorize")
  func refusedBeforeAuthorize() async throws {
    let authorize = HeldCalls<Int, Void> { _, _ in .success(()) }
    let wallet = Wallet(balance: 100, authorize: authorize.function)
    let outcome = await withDeadlineResult("withdraw(150) from 100") { try await wallet.withdraw(150) }
    let balance = try await withDeadline("reading the balance") { await wallet.balance }
    #expect(
      authorize.count == 0,
      "A withdrawal of 150 from 100 could never fit, and `authorize` was asked to approve it anyway (\(authorize.count) call): check the balance before the `await` too, so a withdrawal that does not fit is refused at once, and again after it, for what changed meanwhile. [asks-before-checking]"
    )
    #expect(
      outcome.failure as? InsufficientFunds == InsufficientFunds(requested: 150, available: 100) && balance == 100,
      "A withdrawal of 150 from 100 should throw `InsufficientFunds(requested: 150, available: 100)` and leave 100: it \(did(outcome)), and \(balance) is left. [wrong-refusal]"
    )
  }

  @Test("Withdrawals that fit all go through, one after another or at the same time")
  func fittingWithdrawalsGo() async throws {
    let authorize = HeldCalls<Int, Void>()
    let wallet = Wallet(balance: 100, authorize: authorize.function)
    let first = Task { try await wallet.withdraw(30) }
    guard await authorize.waitForCalls(1, from: first) else {
      first.cancel()
      Issue.record("`withdraw(30)` from 100 never asked `authorize` to approve it. [no-authorize]")
      return
    }
    let secondDone = Finished()
    let second = Task {
      defer { secondDone.mark() }
      try await wallet.withdraw(40)
    }
    _ = await eventually { authorize.count >= 2 || secondDone.isSet }
    for index in 0..<authorize.count { authorize.answer(index, with: .success(())) }
    let firstOutcome = await withDeadlineResult("withdraw(30)") { try await first.value }
    let secondOutcome = await withDeadlineResult("withdraw(40), made while withdraw(30) awaited its approval") {
      try await second.value
    }
    let balance = try await withDeadline("reading the balance") { await wallet.balance }
    #expect(
      (try? secondOutcome.get()) != nil,
      "A withdrawal of 40, made while one of 30 awaited its approval, fits in 100 and should go through: it \(did(secondOutcome)). Another withdrawal under way is no reason to refuse one. [busy-refused]"
    )
    #expect(
      (try? firstOutcome.get()) != nil && balance == 30,
      "Withdrawals of 30 and 40 from 100 should leave 30: the first \(did(firstOutcome)), and \(balance) is left. [wrong-refusal]"
    )
    let third = await withDeadlineResult("withdraw(30) from 30") {
      async let going: Void = wallet.withdraw(30)
      _ = await authorize.waitForCalls(3)
      authorize.answer(2, with: .success(()))
      return try await going
    }
    let after = try await withDeadline("reading the balance") { await wallet.balance }
    #expect(
      (try? third.get()) != nil && after == 0,
      "A withdrawal of all that is left (30 of 30) fits and should go through: it \(did(third)), and \(after) is left. [wrong-refusal]"
    )
  }

  @Test("A withdrawal that does not fit throws InsufficientFunds with the amount and what was left")
  func tooMuchIsRefused() async throws {
    let authorize = HeldCalls<Int, Void> { _, _ in .success(()) }
    let wallet = Wallet(balance: 100, authorize: authorize.function)
    let outcome = await withDeadlineResult("withdraw(150) from 100") { try await wallet.withdraw(150) }
    let balance = try await withDeadline("reading the balance") { await wallet.balance }
    #expect(
      outcome.failure as? InsufficientFunds == InsufficientFunds(requested: 150, available: 100) && balance == 100,
      "`withdraw(150)` from 100 should throw `InsufficientFunds(requested: 150, available: 100)` and change nothing: it \(did(outcome)), and \(balance) is left. [wrong-refusal]"
    )
  }

  /// Withdrawals of `amounts` from 100, in that order of arrival, each approved or refused (with
  /// `refusal`, Boom(403) unless said) as `refused` says, explored in every order of arrivals,
  /// approvals and resumptions.
  static func withdrawals(
    _ amounts: [Int], refusing refused: Int?, with refusal: any Error = Boom(number: 403)
  ) -> Interleavings.World {
    let authorize = HeldCalls<Int, Void>()
    let wallet = Wallet(balance: 100, authorize: authorize.function)
    let outcomes = Locked<[Int: Result<Void, any Error>]>([:])
    let said = amounts.map { "withdraw(\($0))" }.joined(separator: " and ")
    // Two withdrawals of one amount are told apart by when they were made.
    let names = amounts.enumerated().map { index, amount in
      amounts.filter { $0 == amount }.count > 1
        ? "withdraw(\(amount)), \(index == 0 ? "the first" : "the second")" : "withdraw(\(amount))"
    }
    return Interleavings.World(
      callers: amounts.enumerated().map { index, amount in
        Interleavings.Caller(names[index]) {
          let outcome = await Interleavings.outcome { try await wallet.withdraw(amount) }
          outcomes.withLock { $0[index] = outcome }
        }
      },
      dependencies: [
        authorize.dependency(
          { "the approval of \($0)" }, said: { $0.failure.map { "was refused with \($0)" } ?? "was given" }
        ) { amount, _ in
          amount == refused ? .failure(refusal) : .success(())
        }
      ],
      invariant: {
        let balance = await wallet.balance
        return balance >= 0
          ? nil
          : "the balance is \(balance): a withdrawal passed its check before an `await` and took its amount after it, when another had already taken its share, which \"Two withdrawals that each fit but not together\" explains. [check-before-await]"
      },
      check: {
        let balance = await wallet.balance
        let done = outcomes.withLock { $0 }
        guard done.count == amounts.count else {
          return
            "of \(said), \(amounts.count - done.count) never returned, which \"Two withdrawals that each fit but not together\" or \"Withdrawals that fit all go through\" explains. [never-finished]"
        }
        let taken = amounts.indices.filter { (try? done[$0]?.get()) != nil }.map { amounts[$0] }.reduce(0, +)
        if balance != 100 - taken {
          return
            "\(said) from 100 took \(taken) between them, and the balance is \(balance), not \(100 - taken): a withdrawal changes the balance by its own amount, or not at all; a refusal gives back exactly what its withdrawal took, never a balance read before its `await`, which \"A withdrawal that authorize refuses\" or \"Two withdrawals that each fit but not together\" or \"Withdrawals that fit all go through\" explains. [not-refunded]"
        }
        for (index, amount) in amounts.enumerated() where amount == refused {
          if !Self.same(done[index]?.failure, refusal) {
            return
              "`authorize` refused withdraw(\(amount)) with \(refusal), and it \(did(done[index]!)): a refusal is thrown as it came, whatever its kind, which \"A withdrawal that authorize refuses\" or \"Two withdrawals that each fit but not together\" explains. [no-authorize]"
          }
        }
        // When all of them fit together, every one `authorize` approves goes through, whatever the order.
        if amounts.reduce(0, +) <= 100 {
          for (index, amount) in amounts.enumerated() where amount != refused {
            if case .failure = done[index] {
              return
                "withdraw(\(amount)) fits in 100 beside \(said), `authorize` approved it, and it \(did(done[index]!)): withdrawals that fit all go through, one after another or at the same time, however the others are going, which \"Withdrawals that fit all go through\" explains. [busy-refused]"
            }
          }
        }
        return nil
      })
  }

  static func twoOfSixty() -> Interleavings.World { withdrawals([60, 60], refusing: nil) }
  static func refusedBesideAFit() -> Interleavings.World { withdrawals([60, 30], refusing: 60) }
  static func cancelledBesideAFit() -> Interleavings.World {
    withdrawals([60, 30], refusing: 60, with: CancellationError())
  }

  /// Whether `error` is `expected`: of its type, and saying the same.
  static func same(_ error: (any Error)?, _ expected: any Error) -> Bool {
    guard let error else { return false }
    return String(reflecting: type(of: error)) == String(reflecting: type(of: expected)) && "\(error)" == "\(expected)"
  }

  @Test("Two withdrawals of 60 from 100, in every order of arrivals, approvals and resumptions: never below zero")
  func everyOrderNeverOverdraws() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore(Ex9_2_WalletTests.twoOfSixty)
      }
    }
    Interleavings.expectEveryOrderHolds(child, "Two withdrawals of 60 from 100")
  }

  @Test(
    "Withdrawals of 60, refused, and 30, approved, from 100, in every order: the refusal gives back its own amount, and 70 is left"
  )
  func everyOrderRefusalGivesBackItsOwn() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore(Ex9_2_WalletTests.refusedBesideAFit)
      }
    }
    Interleavings.expectEveryOrderHolds(child, "Withdrawals of 60, refused, and 30 from 100")
  }

  @Test(
    "Withdrawals of 60, refused with a CancellationError, and 30, approved, from 100, in every order: a refusal of any kind gives back its own amount, and 70 is left"
  )
  func everyOrderCancellationRefusalGivesBackItsOwn() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore(Ex9_2_WalletTests.cancelledBesideAFit)
      }
    }
    Interleavings.expectEveryOrderHolds(child, "Withdrawals of 60, refused with a CancellationError, and 30 from 100")
  }
}
