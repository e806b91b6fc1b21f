// Wrong answer to exercise 2.2 · nil-rejects
// Mistake: No status is a failure of the service, so nil rejects with a bad-request error.
// Anti-pattern: nil-rejects
// Failure says: nil must fulfill, not reject

import LegacyKit
import PromiseKitLite

/// The service's status as an `AnyPromise`.
public func status(from service: StatusService) -> AnyPromise {
  // Hand the object over unread: AnyPromise rejects on an error and fulfills otherwise, nil included.
  AnyPromise { resolve in
    service.fetchStatus { object in resolve(object ?? LegacyError.badRequest) }
  }
}
