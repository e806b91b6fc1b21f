/// A place on Earth.
public struct Location: Sendable, Hashable {
  /// Degrees north.
  public let latitude: Double
  /// Degrees east.
  public let longitude: Double

  /// Creates a location.
  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Somewhere to start from.
  public static let office = Location(latitude: 52.52, longitude: 13.40)
}

/// A third-party SDK whose completion handler is sometimes called twice (a cached fix, then a fresh one).
///
/// Its documentation promises one call; its behaviour does not. Scripted with
/// ``Script/twice(_:_:)``, its two calls can even come from two threads at once.
public final class LocationSDK: Scripted, Sendable {
  /// Behind ``requestLocation(completion:)``.
  public let endpoint = Endpoint<Void, Location>(.succeed(.office))

  /// An SDK that answers once, at once, until scripted otherwise.
  public init() {}

  /// Asks for the current location; `completion` may be called more than once.
  public func requestLocation(completion: @escaping @Sendable (Result<Location, any Error>) -> Void) {
    endpoint.call(()) { reply in
      switch reply {
      case .value(let location): completion(.success(location))
      case .error(let error), .both(_, let error): completion(.failure(error))
      case .neither: completion(.failure(NeitherValueNorError()))
      }
    }
  }
}
