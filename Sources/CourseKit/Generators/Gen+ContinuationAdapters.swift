import Foundation
import LegacyKit

/// The legacy sources of topic 3, drawn: what the article cloud answers a call, with what a test
/// author tends to leave out (feeds with ids in any order, repeats and drafts, errors of every kind,
/// each kind of cancellation among them, both values of the refresh flag).

/// One call to the article cloud: the flag it is asked with, and how it answers.
public struct ArticlesCall: Sendable {
  /// The `refresh` the adapter is asked with.
  public var refresh: Bool
  /// The cloud's answer: a feed, or an error of any kind.
  public var answer: Swift.Result<[Article], any Error>
}

extension Gen where Value == ArticlesCall {
  /// A call asked with either flag, answered with a feed of every kind (empty, repeats, drafts, ids in
  /// any order) or with an error of any kind, each kind of cancellation too.
  public static var articlesCall: Gen<ArticlesCall> {
    Gen<ArticlesCall> { choices in
      let answer: Swift.Result<[Article], any Error> =
        choices.draw(below: 2) == 0
        ? .success(Gen<Article>.feed.draw(&choices)) : .failure(Gen<any Error>.anyError.draw(&choices))
      return ArticlesCall(refresh: choices.draw(below: 2) == 1, answer: answer)
    }
  }
}

extension Said {
  /// A call in words: "the cloud, asked with refresh true, answering the feed [3, 1*, 3] (* a draft)".
  public static func call(_ call: ArticlesCall) -> String {
    let answer =
      switch call.answer {
      case .success(let articles): "the feed \(feed(articles))"
      case .failure(let error): "the error \(Said.error(error))"
      }
    return "latest(refresh: \(call.refresh)), the cloud answering \(answer)"
  }
}

/// A user's profile asked for, and how the SDK replies.
public struct ProfileRequest: Sendable {
  /// The user asked for.
  public var id: Int
  /// The SDK's reply: a profile, an error, both, or neither.
  public var reply: Reply<UserProfile>
}

extension Gen where Value == ProfileRequest {
  /// Any of a few users asked for, the SDK replying in every way the convention allows and the one it
  /// forbids, with errors of every kind, each kind of cancellation too.
  public static var profileRequest: Gen<ProfileRequest> {
    Gen<ProfileRequest> { choices in
      let reply = Gen<Reply<UserProfile>>.reply(
        Gen<Int>.int(in: 1...3).map { UserProfile(id: $0, displayName: "User \($0)") }
      ).draw(&choices)
      return ProfileRequest(id: Int(choices.draw(below: 5)) + 1, reply: reply)
    }
  }
}

extension Generated.Failure {
  /// The failure as a check in a child process throws it, worded as ``Generated/expect`` records one:
  /// "With <the smallest scenario> (…): <sentence>", its tags at the end.
  public var probeFailure: ResumeProbe.ProbeFailure {
    ResumeProbe.ProbeFailure(
      "With \(scenario) (the smallest of the scenarios drawn from seed \(seed) that breaks it, first seen in scenario \(trial)): \(sentence)"
    )
  }
}
