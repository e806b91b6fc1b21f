import CourseKit
import StrictConcurrency
import Testing

// Topic 8 has no reference module (its mistakes are declarations): the header's rule is the model here,
// a dictionary keyed by the account as it was given.
extension Ex8_5_UncheckedSendableTests {
  /// Accounts as people type them: some differ only in case, and each is an account of its own.
  static let drawnAccounts = ["ann", "Ann", "bob", "BOB", "ann@example.com", "Ann@Example.com"]

  @Test(
    "On saves of every kind (accounts that differ only in case, repeats, none), every account keeps the last token saved for it, and the count is the number of accounts"
  )
  func generatedSaves() async {
    let accounts = Self.drawnAccounts
    await Generated.expect(
      "TokenStore", Gen<Int>.int(in: 0...(accounts.count - 1)).array(count: 0...8),
      describe: { picks in
        let saves = picks.enumerated().map { "t-\($0.offset + 1) for \"\(accounts[$0.element])\"" }
        return saves.isEmpty ? "no save" : "saves of \(saves.joined(separator: ", "))"
      }
    ) { picks in
      let store = TokenStore()
      var kept: [String: String] = [:]
      for (offset, pick) in picks.enumerated() {
        store.save("t-\(offset + 1)", for: accounts[pick])
        kept[accounts[pick]] = "t-\(offset + 1)"
      }
      for account in accounts where store.token(for: account) != kept[account] {
        let read = store.token(for: account) ?? "nil"
        return
          "After those saves, token(for: \"\(account)\") gave \(read), not \(kept[account] ?? "nil"): an account is the string it was saved under, whatever its case (\"ann\" and \"Ann\" are two), and it keeps the last token saved for it, which \"A saved token is read back\" explains. [tokens-lost]"
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
