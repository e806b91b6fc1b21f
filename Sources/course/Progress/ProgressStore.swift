import Foundation

/// What the course remembers between runs, in `.course/progress.json`: verdicts and hints shown.
///
/// Verdicts are stored with a fingerprint of the files they were computed from,
/// so the overview is instant when nothing changed and honest when something did.
struct ProgressStore {
  struct Entry: Codable {
    var fingerprint: String
    var verdict: Verdict
    var checkedAt: Date
  }

  struct Contents: Codable {
    var results: [String: Entry] = [:]
    var hintsShown: [String: Int] = [:]
  }

  let file: URL
  var contents: Contents

  init(workspace: Workspace) {
    file = workspace.url(".course/progress.json")
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    contents = (try? Data(contentsOf: file)).flatMap { try? decoder.decode(Contents.self, from: $0) } ?? Contents()
  }

  /// The stored verdict of exercise `id`, if it was computed from files with `fingerprint`.
  func verdict(_ id: String, fingerprint: String) -> Verdict? {
    guard let entry = contents.results[id], entry.fingerprint == fingerprint else { return nil }
    return entry.verdict
  }

  mutating func record(_ verdict: Verdict, for id: String, fingerprint: String) {
    contents.results[id] = Entry(fingerprint: fingerprint, verdict: verdict, checkedAt: Date())
  }

  func save() {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    guard let data = try? encoder.encode(contents) else { return }
    try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? data.write(to: file, options: .atomic)
  }
}
