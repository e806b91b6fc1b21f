/// The errors the legacy services fail with.
public enum LegacyError: Error, Sendable, Equatable {
  /// There is no network; a retry later may succeed.
  case offline
  /// The server failed; `status` 5xx may succeed on retry, 4xx will not.
  case server(status: Int)
  /// The credentials were refused.
  case unauthorized
  /// The request was malformed; retrying cannot help.
  case badRequest
  /// The request was cancelled by its caller.
  case cancelled

  /// Whether trying again later can succeed.
  public var isRetryable: Bool {
    switch self {
    case .offline: true
    case .server(let status): status >= 500
    case .unauthorized, .badRequest, .cancelled: false
    }
  }
}
