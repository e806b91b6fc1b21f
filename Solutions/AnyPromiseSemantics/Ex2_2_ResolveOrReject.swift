// Exercise 2.2 · Resolve or reject · solution

import LegacyKit
import PromiseKitLite

/// The service's status as an `AnyPromise`.
public func status(from service: StatusService) -> AnyPromise {
  // Hand the object over unread: AnyPromise rejects on an error and fulfills otherwise, nil included.
  AnyPromise { resolve in service.fetchStatus(completion: resolve) }
}
