import Locking

/// A legacy notification centre: add an observer for a name, get a token, remove it with the token.
///
/// It works like the `NotificationCenter` of an old SDK, and does not cooperate with Swift
/// concurrency in the two ways that matter to a stream built over it:
///
/// - ``post(name:value:)`` is synchronous. It calls every observer of that name on the caller's
///   thread, one after the other, before it returns, and keeps nothing: an observer added after a
///   post never hears of it. A notice posted a line after an observer would have been added, but
///   before it was, is gone.
/// - It may be called from any thread, several at once. Each post calls the observers it found
///   when it started, outside the centre's lock (so an observer may post, add or remove), which also
///   means that an observer removed on one thread can still be called once by a post already under
///   way on another.
///
/// Each ``addObserver(forName:handler:)`` is one registration, with a token of its own; removing a
/// token removes that registration only. ``observerCount(forName:)`` and ``registrationsMade`` are
/// there for tests, to prove when a registration was made and that nothing is left registered.
public final class NoticeCenter: Sendable {
  /// What a post delivers: the name it was posted under, and its value.
  public struct Notice: Sendable, Hashable, CustomStringConvertible {
    /// The name it was posted under.
    public let name: String
    /// Its payload.
    public let value: Int

    /// A notice of `value` under `name`.
    public init(name: String, value: Int) {
      self.name = name
      self.value = value
    }

    public var description: String { "\(name) \(value)" }
  }

  /// Identifies one registration; hand it back to ``removeObserver(_:)``.
  public struct Token: Sendable, Hashable {
    let id: Int
  }

  private struct Observer {
    let id: Int
    let name: String
    let handler: @Sendable (Notice) -> Void
  }

  // In the order they were added, so a post needs no sort. A post copies them and calls the ones of
  // its name in a plain loop: with a sort, or a `filter` with a closure, in the post, the thread
  // sanitizer counted one post on one thread as ordered before the next post on another (through
  // something the runtime does in them), and named no race between their observers' calls.
  private let state = Locked((next: 0, observers: [Observer]()))

  /// A centre with no observers.
  public init() {}

  /// Calls `handler` with every notice posted under `name` from now on, until the token is removed.
  ///
  /// The handler is called synchronously on the posting thread, whichever that is.
  public func addObserver(forName name: String, handler: @escaping @Sendable (Notice) -> Void) -> Token {
    state.withLock { state in
      state.next += 1
      state.observers.append(Observer(id: state.next, name: name, handler: handler))
      return Token(id: state.next)
    }
  }

  /// Stops calling the handler registered with `token`, and lets it go; a token already removed is ignored.
  public func removeObserver(_ token: Token) {
    let removed = state.withLock { state in
      state.observers.firstIndex { $0.id == token.id }.map { state.observers.remove(at: $0) }
    }
    _ = removed  // released here, outside the lock: its handler may hold what ends a stream
  }

  /// Calls every observer of `name` with the notice, on this thread, in the order they were added,
  /// and returns when they all have.
  public func post(name: String, value: Int) {
    let observers = state.withLock { $0.observers }
    let notice = Notice(name: name, value: value)
    for observer in observers where observer.name == name { observer.handler(notice) }
  }

  /// How many observers of `name` are registered now.
  public func observerCount(forName name: String) -> Int {
    state.withLock { $0.observers.filter { $0.name == name }.count }
  }

  /// How many observers of any name are registered now.
  public var observerCount: Int {
    state.withLock { $0.observers.count }
  }

  /// How many registrations have ever been made, including those already removed.
  ///
  /// With ``observerCount(forName:)`` it tells a stream that has not registered yet (it will, in a
  /// `Task` or on its first `next()`) from one that registered and let go.
  public var registrationsMade: Int {
    state.withLock { $0.next }
  }
}
