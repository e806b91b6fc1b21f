import CourseKit
import Foundation
import LegacyKit
import Locking
import PromiseChains
import PromiseChainsReference
import PromiseKitLite
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex1_4_FanOutFanInTests {
  /// The requests in words: "ids [3, 1 (fails with LegacyError.offline), 3], answering in the order of ids [1, 3, 3]".
  static func said(_ requests: [ThumbnailRequest]) -> String {
    let ids = requests.map { request in
      "\(request.articleID)\(request.failure.map { " (fails with \(Said.errorCase($0)))" } ?? "")"
    }
    let arrivals = arrivalOrder(requests).map { requests[$0].articleID }
    return "articles of ids [\(ids.joined(separator: ", "))], answering in the order of ids \(arrivals)"
  }

  /// The requests' indices in the order their answers arrive.
  static func arrivalOrder(_ requests: [ThumbnailRequest]) -> [Int] {
    requests.indices.sorted { (requests[$0].arrival, $0) < (requests[$1].arrival, $1) }
  }

  /// What `function` gives for `requests`, its answers held and let go in their arrival order, in words.
  static func outcome<P: Thenable>(
    _ requests: [ThumbnailRequest], _ function: ([Article], NewsAPI) -> P
  ) async -> (words: String, ids: [Int]?) where P.T == [Thumbnail] {
    let api = NewsAPI()
    let held = Locked<[Int: @Sendable () -> Void]>([:])
    api.thumbnails.replace(
      requests.enumerated().map { index, request in
        let reply: Reply<Thumbnail> =
          request.failure.map { .error($0) } ?? .value(Thumbnail(articleID: request.articleID))
        return Script([reply]).handed { bodies in held.withLock { $0[index] = bodies.first } }
      })
    let order = arrivalOrder(requests)
    let promise = function(requests.map { Article(id: $0.articleID, title: "Story \($0.articleID)") }, api)
    // Requests made one after another start only once the one before has answered: wait a moment for them.
    var idle = 0
    while !promise.isResolved, idle < 50 {
      let next = held.withLock { held in order.first { held[$0] != nil }.flatMap { held.removeValue(forKey: $0) } }
      if let next {
        next()
        idle = 0
      } else {
        idle += 1
        try? await Task.sleep(for: .milliseconds(1))
      }
    }
    for body in held.withLock({ Array($0.values) }) { body() }  // the rest, once the result is decided
    switch try? await promise.settled(within: 0.5, "the thumbnails") {
    case .success(let thumbnails)?:
      return ("gave the thumbnails of ids \(thumbnails.map(\.articleID))", thumbnails.map(\.articleID))
    case .failure(let error)?: return ("rejected with \(Said.errorCase(error))", nil)
    case nil: return ("never settled", nil)
    }
  }

  @Test(
    "On articles of every kind (none, ids in any order, repeats, failures of any kind, answers in any order), thumbnails and availableThumbnails give the reference's"
  )
  func generatedThumbnails() async {
    await Generated.expect("the thumbnails", Gen.thumbnailRequests, trials: 60, describe: Self.said) { requests in
      let mine = await Self.outcome(requests) { PromiseChains.thumbnails(for: $0, api: $1) }
      let reference = await Self.outcome(requests) { PromiseChainsReference.thumbnails(for: $0, api: $1) }
      if mine.words != reference.words {
        guard requests.allSatisfy({ $0.failure == nil }) else {
          return
            "thumbnails(for:api:) \(mine.words), where \"one failure fails the whole result, at once, with its own error\", the first to arrive, of whatever kind (it \(reference.words)), which \"thumbnails: one failure rejects at once\" explains. [failure-swallowed]"
        }
        return
          "thumbnails(for:api:) \(mine.words), where it gives \"every thumbnail, in article order\", repeats too, whatever order they arrive in (it \(reference.words)), which \"thumbnails: every thumbnail, in article order\" explains. [arrival-order]"
      }
      let available = await Self.outcome(requests) { PromiseChains.availableThumbnails(for: $0, api: $1) }
      let expected = await Self.outcome(requests) { PromiseChainsReference.availableThumbnails(for: $0, api: $1) }
      guard available.words != expected.words else { return nil }
      if let ids = available.ids, let loaded = expected.ids, ids.sorted() == loaded.sorted() {
        return
          "availableThumbnails(for:api:) \(available.words), where it gives \"the thumbnails that loaded, in article order\" (it \(expected.words)), whatever order they arrive in, which \"availableThumbnails: the thumbnails keep article order\" explains. [append-in-arrival-order]"
      }
      return
        "availableThumbnails(for:api:) \(available.words), where it gives \"the thumbnails that loaded\", every one, and \"failures are skipped\" (it \(expected.words)), which \"availableThumbnails: failures are skipped\" explains. [fulfilled-then-empty]"
    }
  }

}
