import Dispatch

/// A location fix, as the vendor's SDK reports it.
///
/// It stands for the structs an Objective-C SDK hands over: a plain value, with no word about
/// concurrency, because the SDK was written before Swift had any.
public struct LocationFix: Equatable {
  /// Degrees north of the equator.
  public var latitude: Double
  /// Degrees east of Greenwich.
  public var longitude: Double

  /// A fix at `latitude`, `longitude`.
  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }
}

/// An error the SDK reports when it has no fix.
public struct LocationUnavailable: Error, Equatable {
  /// Makes the error.
  public init() {}
}

/// A location SDK the course does not own, compiled as its vendor ships it: in the Swift 5 language
/// mode, with no concurrency annotations, calling its completion handlers on a queue of its own.
///
/// It is what topic 8's "compiles, then crashes" exercise migrates against: nothing in its
/// declarations says which thread its closures run on, so Swift 6 cannot warn about it.
public final class LocationManager {
  private let queue = DispatchQueue(label: "vendor.location")
  private let answers: [LocationFix?]
  /// How many times `requestLocation` has been called.
  public private(set) var requests = 0

  /// A manager whose every request reports `fix`, or `LocationUnavailable` when it is `nil`.
  public init(reporting fix: LocationFix?) {
    answers = [fix]
  }

  /// A manager whose requests report `answers` in turn, the last one again once they run out: each a
  /// fix, or `LocationUnavailable` where it is `nil`.
  public init(reportingInTurn answers: [LocationFix?]) {
    self.answers = answers.isEmpty ? [nil] : answers
  }

  /// Asks for one fix, and calls `completion` once with it or with an error, later, on the SDK's
  /// own queue (never the main one).
  public func requestLocation(_ completion: @escaping (LocationFix?, Error?) -> Void) {
    let fix = answers[min(requests, answers.count - 1)]
    requests += 1
    queue.async {
      if let fix {
        completion(fix, nil)
      } else {
        completion(nil, LocationUnavailable())
      }
    }
  }
}
