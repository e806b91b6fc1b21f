import Foundation
import LegacyKit
import PromiseKitLite

/// The legacy app's data, drawn: what its services answer, with everything a test author tends to
/// leave out (ids in any order, repeats, empty lists, drafts, errors of every kind).
extension Gen where Value == any Error {
  /// An error of every kind a legacy source can send: each of `LegacyError`'s cases, the system's
  /// (`URLError`, `CocoaError`, an `NSError` of another domain), each kind of cancellation
  /// (`CancellationError`, `PMKError.cancelled`, `URLError(.cancelled)`, `CocoaError(.userCancelled)`),
  /// and an error of the app's own.
  public static var anyError: Gen<any Error> {
    Gen<Int>.int(in: 0..<Self.errors.count).map { Self.errors[$0] }
  }

  /// The errors ``anyError`` draws from, the plain ones first (a shrunk scenario names one of them).
  static let errors: [any Error & Sendable] = [
    LegacyError.offline, LegacyError.server(status: 500), LegacyError.unauthorized, LegacyError.badRequest,
    LegacyError.server(status: 404), LegacyError.cancelled, URLError(.notConnectedToInternet),
    URLError(.timedOut), CocoaError(.fileReadNoSuchFile), NSError(domain: "com.vendor.sdk", code: 7),
    AppError(number: 1), CancellationError(), PMKError.cancelled, URLError(.cancelled),
    CocoaError(.userCancelled),
  ]
}

extension Gen where Value == Int {
  /// Whole numbers in `range`.
  static func int(in range: Range<Int>) -> Gen<Int> { int(in: range.lowerBound...(range.upperBound - 1)) }
}

/// An error of the app's own, told apart by its number.
public struct AppError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Which one it is.
  public let number: Int
  public var description: String { "AppError(\(number))" }
}

extension Gen {
  /// A reply of every kind a Cocoa-style callback can give, each with a drawn value or error.
  public static func reply<Element: Sendable>(_ value: Gen<Element>) -> Gen<Reply<Element>>
  where Value == Reply<Element> {
    Gen<Reply<Element>> { choices in
      switch choices.draw(below: 4) {
      case 0: .value(value.draw(&choices))
      case 1: .error(Gen<any Error>.anyError.draw(&choices))
      case 2: .both(value.draw(&choices), Gen<any Error>.anyError.draw(&choices))
      default: .neither
      }
    }
  }
}

extension Gen where Value == Article {
  /// An article: an id from a few (so that ids repeat), a title that says its id, published or a draft.
  public static var article: Gen<Article> {
    Gen<Article> { choices in
      let id = Int(choices.draw(below: 9)) + 1
      let isPublished = choices.draw(below: 4) != 0
      return Article(id: id, title: "Story \(id)\(isPublished ? "" : " (draft)")", isPublished: isPublished)
    }
  }

  /// A feed: empty, one article, or many, ids in any order, repeats and drafts among them.
  public static var feed: Gen<[Article]> { article.array(count: 0...7) }
}

/// Words for generated data, in a scenario's description.
public enum Said {
  /// An error as a learner would write it: `LegacyError.offline`, `URLError(.cancelled)`.
  public static func error(_ error: any Error) -> String {
    // No `case let error as NSError`: off Darwin that cast fails for an error of a learner's own type,
    // and a switch the compiler took for exhaustive would trap.
    switch error {
    case let error as LegacyError: return "LegacyError.\(error)"
    case let error as URLError:
      let names: [URLError.Code: String] = [
        .cancelled: ".cancelled", .notConnectedToInternet: ".notConnectedToInternet", .timedOut: ".timedOut",
      ]
      return "URLError(\(names[error.code] ?? "code: \(error.code.rawValue)"))"
    case let error as CocoaError:
      let names: [CocoaError.Code: String] = [
        .userCancelled: ".userCancelled", .fileReadNoSuchFile: ".fileReadNoSuchFile",
      ]
      return "CocoaError(\(names[error.code] ?? "code: \(error.code.rawValue)"))"
    case is CancellationError: return "CancellationError()"
    case let error as PMKError: return errorCase(error)  // by its case: its description is a sentence
    case let error as AppError: return "\(error)"
    default: return "\(error)"
    }
  }

  /// A reply as a learner would picture it: "a session", "an error (URLError(.cancelled))", "both", "neither".
  public static func reply<Element>(_ reply: Reply<Element>, _ value: (Element) -> String) -> String {
    switch reply {
    case .value(let element): "only \(value(element))"
    case .error(let error): "only the error \(Said.error(error))"
    case .both(let element, let error): "both \(value(element)) and the error \(Said.error(error))"
    case .neither: "neither a value nor an error"
    }
  }

  /// A feed by its articles' ids, drafts marked: `[3, 1*, 3]`.
  public static func feed(_ articles: [Article]) -> String {
    "[\(articles.map { "\($0.id)\($0.isPublished ? "" : "*")" }.joined(separator: ", "))]"
      + (articles.contains { !$0.isPublished } ? " (* a draft)" : "")
  }

  /// How an outcome compares: a value by its value, an error by its type and what it says.
  public static func outcome<T>(_ result: Swift.Result<T, any Error>) -> String {
    switch result {
    case .success(let value): "returned \(value)"
    case .failure(let error): "threw \(String(reflecting: type(of: error))) \(Said.error(error))"
    }
  }
}
