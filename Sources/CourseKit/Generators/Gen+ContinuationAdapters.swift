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

extension Gen where Value == [Swift.Result<[Article], any Error>] {
  /// A screen's loads, one to four, one after another, each answered with a feed of every kind (empty,
  /// repeats, drafts, ids in any order) or with an error of any kind, each kind of cancellation too.
  public static var articleLoads: Gen<[Swift.Result<[Article], any Error>]> {
    Gen<Swift.Result<[Article], any Error>> { choices in
      choices.draw(below: 2) == 0
        ? .success(Gen<Article>.feed.draw(&choices)) : .failure(Gen<any Error>.anyError.draw(&choices))
    }.array(count: 1...4)
  }
}

extension Said {
  /// A screen's loads in words: "a load that found the feed [3, 1*] (* a draft), then one that failed
  /// with CancellationError()".
  public static func loads(_ loads: [Swift.Result<[Article], any Error>]) -> String {
    let said = loads.map { answer in
      switch answer {
      case .success(let articles): "found the feed \(feed(articles))"
      case .failure(let error): "failed with \(Said.error(error))"
      }
    }
    return "a load that " + said.joined(separator: ", then one that ")
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
  /// Any of a few users asked for (an id of zero or below among them: which ids exist is the
  /// service's to say, not the adapter's), the SDK replying in every way the convention allows and the one it
  /// forbids, with errors of every kind, each kind of cancellation too, and profiles of every kind:
  /// a name, an empty one, blank, or odd (a profile is a value however it looks).
  public static var profileRequest: Gen<ProfileRequest> {
    Gen<ProfileRequest> { choices in
      let reply = Gen<Reply<UserProfile>>.reply(Gen<UserProfile>.anyProfile).draw(&choices)
      return ProfileRequest(id: [1, 2, 3, 4, 5, 0, -7][Int(choices.draw(below: 7))], reply: reply)
    }
  }
}

extension Gen where Value == UserProfile {
  /// A profile of one of a few users: named "User <id>", or with an empty name (one time in three),
  /// or with another a test author leaves out: blank, a line break, an accent and an emoji, very long.
  public static var anyProfile: Gen<UserProfile> {
    Gen<UserProfile> { choices in
      let id = Int(choices.draw(below: 3)) + 1
      let odd = [" ", "\n", "Zoë 🚀", String(repeating: "x", count: 300)]
      let name =
        switch choices.draw(below: 3) {
        case 0: "User \(id)"
        case 1: ""
        default: odd[Int(choices.draw(below: UInt64(odd.count)))]
        }
      return UserProfile(id: id, displayName: name)
    }
  }
}

extension Said {
  /// A profile in words: "the profile of user 2", its name said when it is not "User 2" ("the
  /// profile of user 2 named \"\"", "the profile of user 2 with a name of 300 characters").
  public static func profile(_ profile: UserProfile) -> String {
    let name = profile.displayName
    if name == "User \(profile.id)" { return "the profile of user \(profile.id)" }
    if name.count > 20 { return "the profile of user \(profile.id) with a name of \(name.count) characters" }
    return "the profile of user \(profile.id) named \(name.debugDescription)"
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
