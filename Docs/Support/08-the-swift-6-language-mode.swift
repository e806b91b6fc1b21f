// The invented types of Docs/08-the-swift-6-language-mode.md and its answers, declared just far enough
// for the lesson's code to compile: a note and the actor that backs it up, and a compass SDK written
// before Swift concurrency. Nothing here runs; `.ci/check-lesson-code` compiles it with the lesson's
// blocks, which declare the screens, the stores and the protocols themselves.

/// A note being written: a class, so whoever holds one sees every edit. It is not `Sendable`.
final class Note {
  var text: String

  init(text: String) {
    self.text = text
  }
}

/// Backs notes up, off the main actor.
actor NoteUploader {
  private(set) var uploaded: [String] = []

  func upload(_ note: Note) {
    uploaded.append(note.text)
  }
}

/// A reading, as the compass SDK reports it: a `public` struct declared before Swift had `Sendable`,
/// so it is not `Sendable`, and nothing infers that it is.
public struct CompassReading {
  public var degrees: Double
  public var accuracy: Double
}

/// A vendor's compass, built without concurrency annotations: nothing says its completion is
/// `@Sendable`, and it calls it later, on a queue of its own (not here: nothing here runs).
public final class Compass {
  public init() {}

  public func requestHeading(_ completion: @escaping (CompassReading?, (any Error)?) -> Void) {}
}
