// Exercise 10.4 · Observers become a stream · solution

import LegacyKit

/// Every notice posted under `name` from the moment this returns, until the consumer stops.
public func notices(named name: String, from center: NoticeCenter) -> AsyncStream<NoticeCenter.Notice> {
  // The builder runs before the initializer returns, so the observer is registered before the
  // caller's next line can post: the centre delivers synchronously and keeps nothing. The default
  // buffer is unbounded, so a burst posted before the consumer reads is kept whole, in order.
  AsyncStream { continuation in
    // One registration for this stream, and this stream only. `yield` is safe from any thread, so
    // the handler yields right there, on the posting thread, with no `Task` to reorder the posts.
    let token = center.addObserver(forName: name) { notice in continuation.yield(notice) }
    // Runs once, however the consumer stops: its task is cancelled, it breaks out and lets the
    // stream go, or nobody ever reads it.
    continuation.onTermination = { _ in center.removeObserver(token) }
  }
}
