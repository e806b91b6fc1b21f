// Wrong answer to exercise 2.2 · ask-again-on-nil
// Mistake: nil usually means the service was not ready yet, so the wrapper asks once more.
// Anti-pattern: ask-again-on-nil
// Failure says: Ask the service once

import LegacyKit
import PromiseKitLite

/// The service's status as an `AnyPromise`.
public func status(from service: StatusService) -> AnyPromise {
  // Hand the object over unread: AnyPromise rejects on an error and fulfills otherwise, nil included.
  AnyPromise { resolve in
    service.fetchStatus { object in
      if object == nil {
        service.fetchStatus(completion: resolve)  // not ready yet: ask again
      } else {
        resolve(object)
      }
    }
  }
}
