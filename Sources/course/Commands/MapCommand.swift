import CourseCatalog

/// `course map`: the README's table of topics and exercises, generated from the catalog.
struct MapCommand: Command {
  static let info = CommandInfo(
    name: "map", abstract: "Print the map of topics and exercises as a Markdown table (the README's copy).",
    usage: "map")

  init(_ arguments: inout Arguments) throws {
    try arguments.finish(known: [])
  }

  func run(_ course: Course) throws -> Int32 {
    print(Catalog.markdownTable)
    return 0
  }
}
