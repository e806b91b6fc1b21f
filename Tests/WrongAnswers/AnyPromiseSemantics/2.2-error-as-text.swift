// Wrong answer to exercise 2.2 · error-as-text
// Mistake: The screen shows whatever comes back, so an error is turned into a readable message.
// Anti-pattern: error-as-text
// Failure says: An error handed to the resolver must reject the promise, with that error

import LegacyKit
import PromiseKitLite

/// The service's status as an `AnyPromise`.
public func status(from service: StatusService) -> AnyPromise {
  // Hand the object over unread: AnyPromise rejects on an error and fulfills otherwise, nil included.
  AnyPromise { resolve in
    service.fetchStatus { object in
      if let error = object as? any Error {
        resolve("failed: \(error)")
      } else {
        resolve(object)
      }
    }
  }
}
