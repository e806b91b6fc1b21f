// Exercise 9.1 · Reentrancy, the cache: download once
// Grade 2 (practice) · Lesson: Docs/09-actors-and-structured-concurrency.md#reentrancy-the-cache
// Check it: swift run course check 9.1   (or: swift test --filter ActorsAndTasksTests.Ex9_1_ImageCacheTests)
//
// The image cache of topic 1's screen, now an actor. `image(for:)` returns the picture for a key,
// the one its download made: [wrong-picture]
//   - a picture already downloaded comes from the cache, with no download, however many keys
//     came after it; [no-cache]
//   - two calls for one key at the same time download it once, and both get that picture
//     (an actor runs one call at a time only between its `await`s: the second call comes in while
//     the first is suspended at its download); [check-then-download] [is-loading-flag]
//   - calls for different keys download at the same time; [one-task-for-all-keys]
//   - a failed download throws its error to every caller waiting for it, and is not kept: the
//     next call for that key downloads again. [is-loading-flag] [wrong-picture] [failure-kept]

import CourseCatalog

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

  /// A cache that fetches what it lacks with `download`.
  public init(download: @escaping @Sendable (String) async throws -> Picture) {
    self.download = download
  }

  /// The picture for `key`: from the cache, from the download already under way, or from a new one.
  public func image(for key: String) async throws -> Picture {
    throw NotStarted("9.1")  // Replace this line.
  }
}
