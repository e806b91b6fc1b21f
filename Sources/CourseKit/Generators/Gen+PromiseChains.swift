import Foundation
import LegacyKit
import PromiseKitLite

/// One article's thumbnail request, as a test scripts it: the article's id, the error it fails with if
/// it fails, and its place in the order the answers arrive in.
public struct ThumbnailRequest: Sendable {
  /// The article whose thumbnail is asked for; ids repeat, in any order.
  public let articleID: Int
  /// The error the request fails with, of any kind; `nil` when it loads.
  public let failure: (any Error)?
  /// When its answer arrives: the lowest first, and of two alike, the earlier request first.
  public let arrival: Int
}

extension Gen where Value == [ThumbnailRequest] {
  /// The thumbnail requests of a list of articles: none, one or many (up to sixteen, past any small
  /// limit on the requests in flight), ids in any order and repeated, one in four failing with an
  /// error of any kind, the answers arriving in any order.
  public static var thumbnailRequests: Gen<[ThumbnailRequest]> {
    Gen { choices in
      (0..<Int(choices.draw(below: 17))).map { _ in
        let id = Int(choices.draw(below: 9)) + 1
        let failure: (any Error)? = choices.draw(below: 4) == 3 ? Gen<any Error>.anyError.draw(&choices) : nil
        return ThumbnailRequest(articleID: id, failure: failure, arrival: Int(choices.draw(below: 16)))
      }
    }
  }
}
