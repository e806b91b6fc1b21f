import ActorsAndTasks
import CourseKit
import Locking
import Testing

// One withdrawal at a time, so what each must do is the header's rule itself: no reference is needed.
extension Ex9_2_WalletTests {
  @Test(
    "On withdrawals one after another, each approved or refused with an error of every kind (each kind of cancellation too), a refusal throws its error and changes nothing"
  )
  func generatedRefusals() async {
    await Generated.expect("withdraw", Gen.withdrawals, describe: { Self.saidWithdrawals($0) }) { withdrawals in
      let refusal = Locked<(any Error)?>(nil)
      let asked = Locked(0)
      let wallet = Wallet(balance: 100) { _ in
        asked.withLock { $0 += 1 }
        if let error = refusal.withLock({ $0 }) { throw error }
      }
      var left = 100
      for withdrawal in withdrawals {
        refusal.withLock { $0 = withdrawal.refusal }
        asked.withLock { $0 = 0 }
        let amount = withdrawal.amount
        let outcome = await Interleavings.outcome { try await wallet.withdraw(amount) }
        let balance = await wallet.balance
        let what = "withdraw(\(amount)) from \(left)"
        if amount > left {
          if asked.withLock({ $0 }) > 0 {
            return
              "\(what), which does not fit, \(did(outcome)), and `authorize` was asked to approve it anyway: a withdrawal that does not fit when it is made is refused at once, without asking, which \"A withdrawal that does not fit when it is made is refused at once\" explains. [asks-before-checking]"
          }
          let expected = InsufficientFunds(requested: amount, available: left)
          guard outcome.failure as? InsufficientFunds == expected, balance == left else {
            return
              "\(what), which does not fit, \(did(outcome)), and \(balance) is left: it throws `InsufficientFunds(requested: \(amount), available: \(left))` at once and changes nothing, which \"A withdrawal that does not fit throws InsufficientFunds\" explains. [wrong-refusal]"
          }
          continue
        }
        if let error = withdrawal.refusal {
          if balance != left {
            return
              "`authorize` refused \(what) with \(Said.error(error)), and the balance is \(balance), not \(left): a refusal, whatever its error (each kind of cancellation too), changes nothing, and an amount taken before the approval is given back, which \"A withdrawal that authorize refuses\" explains. [not-refunded]"
          }
          if !Self.same(outcome.failure, error) {
            return
              "`authorize` refused \(what) with \(Said.error(error)), and it \(did(outcome)): a refusal is thrown as it came, whatever its kind, which \"A withdrawal that authorize refuses\" explains. [no-authorize]"
          }
          continue
        }
        guard (try? outcome.get()) != nil, balance == left - amount else {
          return
            "`authorize` approved \(what), which fits, and it \(did(outcome)), leaving \(balance), not \(left - amount): a withdrawal that fits and is approved goes through, which \"Withdrawals that fit all go through\" explains. [wrong-refusal]"
        }
        left -= amount
      }
      return nil
    }
  }

  /// Withdrawals in words: "from 100, withdraw(30) refused with CancellationError(), then withdraw(60) approved".
  static func saidWithdrawals(_ withdrawals: [DrawnWithdrawal]) -> String {
    "from 100, "
      + withdrawals.map { withdrawal in
        "withdraw(\(withdrawal.amount)) \(withdrawal.refusal.map { "refused with \(Said.error($0))" } ?? "approved")"
      }.joined(separator: ", then ")
  }
}
