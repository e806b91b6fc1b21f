import Dispatch
import PromiseKitLite

/// The app's settings, as the legacy settings store loads them.
public struct Settings: Sendable, Hashable {
  /// The colour theme's name.
  public let theme: String
  /// How often the feed refreshes, in minutes.
  public let refreshMinutes: Int

  /// Creates settings.
  public init(theme: String, refreshMinutes: Int) {
    self.theme = theme
    self.refreshMinutes = refreshMinutes
  }
}

/// A promise-based store that loads settings, and raw article data to decode.
public final class SettingsStore: Sendable {
  /// Behind ``load()``.
  public let loads = Endpoint<Void, Settings>(.succeed(Settings(theme: "dark", refreshMinutes: 15)).fromBackground)

  /// A store that loads dark-theme settings from a background queue.
  public init() {}

  /// Loads the settings; the promise settles on a background queue.
  public func load() -> Promise<Settings> {
    let (promise, seal) = Promise<Settings>.pending()
    loads.call(()) { reply in
      switch reply {
      case .value(let settings): seal.fulfill(settings)
      case .error(let error), .both(_, let error): seal.reject(error)
      case .neither: seal.reject(PMKError.invalidCallingConvention)
      }
    }
    return promise
  }
}
