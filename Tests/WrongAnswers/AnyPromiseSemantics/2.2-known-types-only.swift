// Wrong answer to exercise 2.2 · known-types-only
// Mistake: The service sends a status string or an error; the wrapper resolves those two and nothing
//   else.
// Anti-pattern: known-types-only
// Failure says: Every answer of the callback must settle the promise

import LegacyKit
import PromiseKitLite

/// The service's status as an `AnyPromise`.
public func status(from service: StatusService) -> AnyPromise {
  // Hand the object over unread: AnyPromise rejects on an error and fulfills otherwise, nil included.
  AnyPromise { resolve in
    service.fetchStatus { object in
      if let status = object as? String {
        resolve(status)
      } else if let error = object as? any Error {
        resolve(error)
      }
    }
  }
}
