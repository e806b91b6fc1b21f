import CourseKit
import StrictConcurrency
import Testing

// Topic 8 has no reference module (its mistakes are declarations): the header's rule is the model here,
// a dictionary keyed by the account as it was given.
extension Ex8_5_UncheckedSendableTests {
  /// Accounts as people type them: some differ only in case, and each is an account of its own.
  static let drawnAccounts = ["ann", "Ann", "bob", "BOB", "ann@example.com", "Ann@Example.com"]

  @Test(
    "On saves of every kind (accounts that differ only in case, repeats, empty tokens, none), every account keeps the last token saved for it, and the count is the number of accounts"
  )
  func generatedSaves() async {
    let accounts = Self.drawnAccounts
    // A pick names the account (modulo the accounts) and whether its token is the empty string,
    // which is a token like any other: saved, it replaces the one before it.
    let save = { @Sendable (offset: Int, pick: Int) -> (token: String, account: String) in
      (pick < accounts.count ? "t-\(offset + 1)" : "", accounts[pick % accounts.count])
    }
    await Generated.expect(
      "TokenStore", Gen<Int>.int(in: 0...(2 * accounts.count - 1)).array(count: 0...8),
      describe: { picks in
        let saves = picks.enumerated().map {
          "\"\(save($0.offset, $0.element).token)\" for \"\(save($0.offset, $0.element).account)\""
        }
        return saves.isEmpty ? "no save" : "saves of \(saves.joined(separator: ", "))"
      }
    ) { picks in
      let store = TokenStore()
      var kept: [String: String] = [:]
      for (offset, pick) in picks.enumerated() {
        let (token, account) = save(offset, pick)
        store.save(token, for: account)
        kept[account] = token
      }
      for account in accounts where store.token(for: account) != kept[account] {
        let (read, expected) = (store.token(for: account), kept[account])
        return
          "After those saves, token(for: \"\(account)\") gave \(read.map { "\"\($0)\"" } ?? "nil"), not \(expected.map { "\"\($0)\"" } ?? "nil"): an account is the string it was saved under, whatever its case (\"ann\" and \"Ann\" are two), and it keeps the last token saved for it, which \"A saved token is read back\" explains. [tokens-lost]"
      }
      let count = store.count
      guard count == kept.count else {
        return
          "After those saves, count was \(count), not \(kept.count): the count is the number of accounts with a token, each account the string it was saved under, which \"A saved token is read back\" explains. [tokens-lost]"
      }
      return nil
    }
  }
}
