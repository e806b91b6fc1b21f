import ActorsAndTasks
import ActorsAndTasksReference
import CourseKit
import Locking
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex9_1_ImageCacheTests {
  /// Keys as an app meets them: the same key again, keys that differ only in case or in a space,
  /// some downloads failing (a key ending in "!").
  static let keys = Gen.element(of: ["avatar-7", "Avatar-7", "avatar-8", "AVATAR-7", "avatar-7 ", "avatar-9!"])
    .array(count: 1...6)

  /// Each load of `keys` in turn, through a cache made by `cache` over a download that makes picture
  /// n for its n-th call (and fails for a key ending in "!"), in words: what each load returned,
  /// then what was downloaded.
  static func loads(
    _ keys: [String], _ cache: (@escaping @Sendable (String) async throws -> (String, Int)) -> any LoadsPictures
  ) async -> [String] {
    let downloads = Locked<[String]>([])
    let loader = cache { key in
      let version = downloads.withLock { downloads in
        downloads.append(key)
        return downloads.count
      }
      if key.hasSuffix("!") { throw Boom(number: version) }
      return (key, version)
    }
    var said: [String] = []
    for key in keys {
      do {
        let (key, version) = try await loader.load(key)
        said.append("\"\(key)\" #\(version)")
      } catch {
        said.append("\(error)")
      }
    }
    return said + ["downloads \(downloads.withLock { $0 })"]
  }

  @Test(
    "On keys of every kind (repeats, case, spaces, failures), one after another, each load returns its own key's picture"
  )
  func generatedKeys() async {
    await Generated.expect("loads of one key after another", Self.keys, describe: { "the keys \($0)" }) { keys in
      let mine = await Self.loads(keys) { download in
        Mine(
          ActorsAndTasks.ImageCache { key in
            let (made, version) = try await download(key)
            return ActorsAndTasks.Picture(key: made, version: version)
          })
      }
      let reference = await Self.loads(keys) { download in
        Reference(
          ActorsAndTasksReference.ImageCache { key in
            let (made, version) = try await download(key)
            return ActorsAndTasksReference.Picture(key: made, version: version)
          })
      }
      guard mine != reference else { return nil }
      return
        "Loaded one after another, the cache returned \(mine.dropLast()) and downloaded \(mine.last ?? ""), where it returns \(reference.dropLast()) and downloads \(reference.last ?? ""): each key is its own, exactly as asked (a key is not another key in other case), downloaded once and then kept, a failure not kept, which \"`image(for:)` returns the picture\" explains. [wrong-picture] [no-cache] [failure-kept]"
    }
  }
}

/// A cache the generated test can load from, whichever module it comes from.
protocol LoadsPictures: Sendable {
  func load(_ key: String) async throws -> (String, Int)
}

private struct Mine: LoadsPictures {
  let cache: ActorsAndTasks.ImageCache
  init(_ cache: ActorsAndTasks.ImageCache) { self.cache = cache }
  func load(_ key: String) async throws -> (String, Int) {
    let picture = try await cache.image(for: key)
    return (picture.key, picture.version)
  }
}

private struct Reference: LoadsPictures {
  let cache: ActorsAndTasksReference.ImageCache
  init(_ cache: ActorsAndTasksReference.ImageCache) { self.cache = cache }
  func load(_ key: String) async throws -> (String, Int) {
    let picture = try await cache.image(for: key)
    return (picture.key, picture.version)
  }
}
