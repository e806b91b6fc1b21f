// The invented music app of Docs/02-anypromise-semantics.md and its answers, declared just far
// enough for the lesson's code to compile. Nothing here runs; `.ci/check-lesson-code` compiles it
// with the lesson's blocks. The globals at the end stand for what a block's surrounding code holds.

import Foundation
import LegacyKit
import PromiseKitLite

struct Track: Sendable {
  var title: String
  var artist: String
  var seconds: Int
}

enum LibraryError: Error, Equatable {
  case notFound, tooLong, offline, emptyPlaylist, libraryFull
}

/// The Objective-C library: its callbacks hand back one untyped object, or two optionals.
struct MusicLibrary: Sendable {
  var freeSlots: Int
  func fetchNowPlaying(completion: @escaping @Sendable ((any Sendable)?) -> Void) {}
  func fetchTrack(id: Int, completion: @escaping @Sendable (Track?, (any Error)?) -> Void) {}
}

struct Analytics: Sendable {
  func record(_ event: String) {}
}

struct Artwork: Sendable {}

/// The typed Swift store.
struct TrackStore: Sendable {
  func artwork(for trackID: Int) -> Promise<Artwork> { Promise.value(Artwork()) }
}

/// The Objective-C cache, which hands back whatever an old version of the app stored.
struct ArtworkCache: Sendable {
  func cachedArtwork(for trackID: Int) -> AnyPromise { AnyPromise.value(Artwork()) }
}

struct PlaylistData: Sendable {}

struct Playlist: Sendable {
  var trackIDs: [Int]
  init(parsing data: PlaylistData) throws { trackIDs = [] }
}

final class PlaylistImporter: Sendable {
  let library: MusicLibrary
  init(library: MusicLibrary) { self.library = library }
}

/// The artwork view.
struct CoverView: Sendable {
  func show(_ artwork: Artwork) {}
  func showPlaceholder() {}
}

var library: MusicLibrary { MusicLibrary(freeSlots: 10) }
var id: Int { 7 }
var cache: ArtworkCache { ArtworkCache() }
var cover: CoverView { CoverView() }
var log: CallLog { CallLog() }
