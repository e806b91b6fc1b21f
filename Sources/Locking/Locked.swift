// The C library is one module per platform; everything used from it below is POSIX, shared by all.
// Darwin first, so that `.ci/check-darwin` type-checks this file as a Mac compiles it.
#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value behind a lock that ThreadSanitizer can see.
///
/// The course's code is checked with `swift test --sanitize=thread`. On Linux,
/// `Synchronization.Mutex` hands a contended lock over inside the uninstrumented
/// standard library, so the sanitizer misses that hand-over and reports races that
/// are not there. A `pthread_mutex_t` is intercepted by the sanitizer, so this lock
/// keeps its reports honest. The API follows `Mutex`:
///
/// ```swift
/// let calls = Locked([String]())
/// calls.withLock { $0.append("login") }
/// ```
public final class Locked<Value: Sendable>: @unchecked Sendable {
  // `value` is read and written only while `mutex` is held.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  /// A lock around `value`.
  public init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the value and returns what it returns.
  public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
