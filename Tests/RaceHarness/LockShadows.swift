// Compiled into a race program with an exercise's file (see `RaceBaton.swift`): declared in the
// program's own module, these types stand in for the locks the exercise imports (a declaration of
// the module shadows an imported one of the same name), take a real lock, and tell the baton where
// a lock section starts and ends. `OSAllocatedUnfairLock`, `os_unfair_lock`, a serial queue's
// `sync` and a semaphore are not stood in for: code that guards with them is raced unscheduled,
// and the thread sanitizer still sees an access they leave unguarded.

import Foundation

/// Stands in for Foundation's `NSLock`.
class NSLock: NSObject, NSLocking, @unchecked Sendable {
  private let inner = Foundation.NSLock()
  /// The lock's name, as Foundation's has one.
  var name: String?

  func lock() {
    RaceBaton.willAcquire()
    inner.lock()
    RaceBaton.didAcquire()
  }

  func unlock() {
    inner.unlock()
    RaceBaton.didRelease()
  }

  func `try`() -> Bool {
    RaceBaton.willAcquire()
    guard inner.try() else { return false }
    RaceBaton.didAcquire()
    return true
  }

  func lock(before limit: Date) -> Bool {
    RaceBaton.willAcquire()
    guard inner.lock(before: limit) else { return false }
    RaceBaton.didAcquire()
    return true
  }

  func withLock<R>(_ body: () throws -> R) rethrows -> R {
    self.lock()
    defer { unlock() }
    return try body()
  }
}

/// Stands in for Foundation's `NSRecursiveLock`.
class NSRecursiveLock: NSObject, NSLocking, @unchecked Sendable {
  private let inner = Foundation.NSRecursiveLock()
  /// The lock's name, as Foundation's has one.
  var name: String?

  func lock() {
    RaceBaton.willAcquire()
    inner.lock()
    RaceBaton.didAcquire()
  }

  func unlock() {
    inner.unlock()
    RaceBaton.didRelease()
  }

  func `try`() -> Bool {
    RaceBaton.willAcquire()
    guard inner.try() else { return false }
    RaceBaton.didAcquire()
    return true
  }

  func withLock<R>(_ body: () throws -> R) rethrows -> R {
    self.lock()
    defer { unlock() }
    return try body()
  }
}

/// Stands in for the course's `Locked` (module `Locking`).
final class Locked<Value>: @unchecked Sendable {
  private let inner = Foundation.NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    RaceBaton.willAcquire()
    inner.lock()
    RaceBaton.didAcquire()
    defer {
      inner.unlock()
      RaceBaton.didRelease()
    }
    return try body(&value)
  }
}

/// Stands in for `Synchronization.Mutex`, on a lock the thread sanitizer understands (it misreads a
/// contended `Mutex` on Linux).
final class Mutex<Value>: @unchecked Sendable {
  private let inner = Foundation.NSLock()
  private var value: Value

  init(_ initialValue: Value) {
    value = initialValue
  }

  func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
    RaceBaton.willAcquire()
    inner.lock()
    RaceBaton.didAcquire()
    defer {
      inner.unlock()
      RaceBaton.didRelease()
    }
    return try body(&value)
  }

  func withLockIfAvailable<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result? {
    RaceBaton.willAcquire()
    guard inner.try() else { return nil }
    RaceBaton.didAcquire()
    defer {
      inner.unlock()
      RaceBaton.didRelease()
    }
    return try body(&value)
  }
}
