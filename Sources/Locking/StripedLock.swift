// The C library is one module per platform; everything used from it below is POSIX, shared by all.
// Darwin first, so that `.ci/check-darwin` type-checks this file as a Mac compiles it.
#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A fixed table of locks shared by many small objects, chosen by the object's address.
///
/// A promise needs a lock for a few instructions at a time, and there may be a million
/// of them: a lock per promise would cost an allocation each. Instead each object
/// takes one of 64 `pthread_mutex_t`s (which ThreadSanitizer understands; see
/// ``Locked``). Code never holds two of these locks at once and never runs user code
/// under one, so sharing them cannot deadlock; it only rarely makes two objects wait
/// for each other for a moment.
public enum StripedLock {
  private static let count = 64
  // Each lock gets a 64-byte slot of its own so that neighbours do not share a cache line.
  private static let stride = max(64, MemoryLayout<pthread_mutex_t>.stride)
  nonisolated(unsafe) private static let table: UnsafeMutableRawPointer = {
    let table = UnsafeMutableRawPointer.allocate(byteCount: count * stride, alignment: 64)
    for index in 0..<count {
      pthread_mutex_init((table + index * stride).assumingMemoryBound(to: pthread_mutex_t.self), nil)
    }
    return table
  }()

  /// Runs `body` while holding the lock that belongs to `object`.
  @inline(__always)
  public static func withLock<R>(for object: AnyObject, _ body: () throws -> R) rethrows -> R {
    let address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    let index = Int((address >> 4) % UInt(count))
    let mutex = (table + index * stride).assumingMemoryBound(to: pthread_mutex_t.self)
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
