import CourseKit
import Testing
import VendorSDK

@Suite("8.7 A module, one file at a time: where to start, what to leave", .exercise("8.7"))
struct Ex8_7_FeedModelsTests {
  @Test(
    "Builds in the Swift 6 language mode with FeedStore.swift and FeedScreen.swift, as one module, with no warning, and its one escape hatch is marked"
  )
  func buildsInSwift6() async {
    await Swift6Build.expectClean("8.7")
  }

  /// A program built from the module's three files: a screen hands three articles to the store, shows
  /// a page of two, opens one, and shows a page of three.
  static let driver = """
    import VendorSDK

    @main struct Driver {
      static func main() async {
        let store = FeedStore()
        let screen = FeedScreen(store: store)
        screen.setPageSize(2)
        let articles = [
          Article(id: 3, title: "three"),
          Article(id: 1, title: "one", place: LocationFix(latitude: 51.5, longitude: -0.1)),
          Article(id: 2, title: "two"),
        ]
        await screen.show(articles)
        print("first page: \\(screen.lines)")
        await screen.open(1)
        print("after opening 1: \\(screen.lines)")
        screen.setPageSize(3)
        await screen.show([])
        print("a page of 3: \\(screen.lines)")
      }
    }
    """

  @Test("The module still works: pages of the size set, unread first, an opened article read")
  func stillWorks() async {
    guard let run = await Swift6Build.buildAndRun("8.7", driver: Self.driver) else { return }
    let lines = run.text.split(separator: "\n").map(String.init)
    let expected = [
      #"first page: ["• one (placed)", "• two"]"#,
      #"after opening 1: ["• two", "• three"]"#,
      #"a page of 3: ["• two", "• three", "one (placed)"]"#,
    ]
    guard run.status == 0 else {
      Issue.record(
        "The feed module, built as a program, did not finish (\(run.problem ?? "status \(run.status.map(String.init) ?? "none")")): \(lines.suffix(4).joined(separator: " | ")) [crashed]"
      )
      return
    }
    #expect(
      lines == expected,
      "The screen handed three articles to the store, showed pages of 2, opened article 1, then showed a page of 3; it showed \(lines.joined(separator: "; ")), not \(expected.joined(separator: "; ")): pages of `feedPageSize` articles, unread first then by id, and an opened article read. [wrong-page]"
    )
  }

  @Test("What `@preconcurrency import VendorSDK` takes on trust holds: `LocationFix` is a struct of two `Double`s")
  func vendorPromiseHolds() {
    let mirror = Mirror(reflecting: LocationFix(latitude: 1, longitude: 2))
    let members = mirror.children.map { "\($0.label ?? "?"): \(type(of: $0.value))" }
    #expect(
      mirror.displayStyle == .struct && members == ["latitude: Double", "longitude: Double"],
      "`@preconcurrency import VendorSDK` takes on trust that `LocationFix` is safe to send; that holds only while it is a struct of `Sendable` values, and it is now \(mirror.displayStyle.map { "\($0)" } ?? "unknown") with \(members). [non-sendable-member]"
    )
  }
}
