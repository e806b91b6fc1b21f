import Foundation

/// What a program wrote to a file, read as text even where its bytes are not valid UTF-8.
///
/// `swift test` forwards its test process's output while it writes its own error line about a
/// crash, so that line can land inside a character of the forwarded text (the backtracer's image
/// list is full of en dashes). A strict read of such a file gives nothing at all, and a crash that
/// the runtime explained reads as one it did not; a broken character costs one replacement mark.
public enum ProgramOutput {
  /// The text of the file at `path`, with each invalid byte sequence replaced by U+FFFD; empty if
  /// the file cannot be read.
  public static func text(ofFile path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path) else { return "" }
    return String(decoding: data, as: UTF8.self)
  }
}
