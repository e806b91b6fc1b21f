// Exercise 9.1 · Reentrancy, the cache: download once · solution

/// A downloaded picture: its key, and which download made it.
public struct Picture: Sendable, Hashable {
  /// The key it was asked for, such as `"avatar-7"`.
  public let key: String
  /// Which download made it, as the downloader numbers them.
  public let version: Int

  /// A picture of `key`, made by download `version`.
  public init(key: String, version: Int) {
    self.key = key
    self.version = version
  }
}

/// Pictures by key, each downloaded once however many callers ask for it at the same time.
public actor ImageCache {
  private let download: @Sendable (String) async throws -> Picture
  // A key is either being downloaded (its task, which every caller awaits) or done.
  private var entries: [String: Task<Picture, any Error>] = [:]

  /// A cache that fetches what it lacks with `download`.
  public init(download: @escaping @Sendable (String) async throws -> Picture) {
    self.download = download
  }

  /// The picture for `key`: from the cache, from the download already under way, or from a new one.
  public func image(for key: String) async throws -> Picture {
    if let entry = entries[key] { return try await entry.value }
    // Kept before the first `await`, so a call that arrives while this one is suspended finds it.
    let download = self.download
    let entry = Task { try await download(key) }
    entries[key] = entry
    do {
      return try await entry.value
    } catch {
      // A failure is not kept: the next call downloads again. (Only this entry: a newer one stays.)
      if entries[key] == entry { entries[key] = nil }
      throw error
    }
  }
}
