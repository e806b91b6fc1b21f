// The C library is one module per platform; everything used from it below is POSIX, shared by all.
// Darwin first, so that `.ci/check-darwin` type-checks this file as a Mac compiles it.
#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs handlers without growing the stack, however long a synchronous chain is.
///
/// Settling a promise runs its handlers; a handler that runs synchronously
/// (`on: nil`) settles the next promise, which runs *its* handlers, and so on:
/// naive recursion overflows the stack after a few tens of thousands of links
/// (PromiseKit 8.2 crashes at about 20,000). Instead, the first settlement on a
/// thread drains a per-thread queue in a loop, and settlements made while it drains
/// are appended to that queue. Handlers still run before the outermost settling
/// call returns, and the handlers of one promise still run in registration order.
@usableFromInline
final class Trampoline {
  @usableFromInline
  var pending: [(() -> Void)?] = []
  private var head = 0
  @usableFromInline
  var isDraining = false

  @usableFromInline
  init() {}

  @inlinable
  static func run<T>(_ handlers: Handlers<T>, with result: Result<T>) {
    let trampoline = current
    if trampoline.isDraining {
      switch handlers {
      case .none: break
      case .one(let handler): trampoline.pending.append { handler(result) }
      case .many(let all): for handler in all { trampoline.pending.append { handler(result) } }
      }
      return
    }
    trampoline.isDraining = true
    switch handlers {
    case .none: break
    case .one(let handler): handler(result)
    case .many(let all): for handler in all { handler(result) }
    }
    trampoline.drain()
    trampoline.isDraining = false
  }

  @usableFromInline
  func drain() {
    while head < pending.count {
      let next = pending[head]
      pending[head] = nil  // release the thunk (and what it captured) once run
      head += 1
      next?()
      if head == pending.count {
        pending.removeAll(keepingCapacity: true)
        head = 0
      } else if head > 4096, head * 2 > pending.count {
        pending.removeFirst(head)
        head = 0
      }
    }
  }

  @usableFromInline
  static var current: Trampoline {
    if let pointer = pthread_getspecific(trampolineKey) {
      return Unmanaged<Trampoline>.fromOpaque(pointer).takeUnretainedValue()
    }
    let trampoline = Trampoline()
    pthread_setspecific(trampolineKey, Unmanaged.passRetained(trampoline).toOpaque())
    return trampoline
  }
}

/// The thread-local slot holding each thread's trampoline; released with the thread.
private let trampolineKey: pthread_key_t = {
  var key = pthread_key_t()
  pthread_key_create(&key) { releaseTrampoline($0) }
  return key
}()

/// The slot's destructor. Darwin passes it a non-optional pointer and Glibc an optional one; a
/// non-optional converts to this optional parameter, so both platforms share one closure above.
private func releaseTrampoline(_ pointer: UnsafeMutableRawPointer?) {
  if let pointer { Unmanaged<Trampoline>.fromOpaque(pointer).release() }
}
