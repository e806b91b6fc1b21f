import Dispatch

/// Where a handler runs: a queue with optional flags, or synchronously when there is no queue.
///
/// `DispatchWorkItemFlags` is an immutable option set of integers, but Dispatch on
/// Linux does not mark it `Sendable`; this pair is the one place that vouches for it.
@usableFromInline
struct HandlerQueue: @unchecked Sendable {
  @usableFromInline
  let queue: DispatchQueue?
  @usableFromInline
  let flags: DispatchWorkItemFlags?

  @inlinable
  init(_ queue: DispatchQueue?, _ flags: DispatchWorkItemFlags? = nil) {
    self.queue = queue
    self.flags = flags
  }

  /// Runs `body` on the queue, or at once on this thread when there is no queue.
  @inlinable
  func async(_ body: @escaping @Sendable () -> Void) {
    switch (queue, flags) {
    case (nil, _):
      body()
    case (let queue?, nil):
      queue.async(execute: body)
    case (let queue?, let flags?):
      queue.async(flags: flags, execute: body)
    }
  }
}
