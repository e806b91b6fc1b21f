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
  /// a page of two, opens one, and shows a page of three; then it marks read two of the articles it
  /// handed over, which are no longer its to change, and shows the page again; then a page of 0. (It
  /// changes only `isRead`, which the store itself sets, so any file that builds with the store lets it.)
  static let driver = """
    import VendorSDK

    @main struct Driver {
      static func main() async {
        let store = FeedStore()
        let screen = FeedScreen(store: store)
        screen.setPageSize(2)
        var articles = [
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
        markRead(&articles[0])
        markRead(&articles[2])
        await screen.show([])
        print("after changes outside the store: \\(screen.lines)")
        screen.setPageSize(0)
        await screen.show([])
        print("a page of 0: \\(screen.lines)")
        print(sortingEveryOrder())
      }

      /// `sortedForDisplay` on four articles in every order, each read or not (384 lists): the first
      /// that comes back in another order than unread first, then by id, or that all did.
      static func sortingEveryOrder() -> String {
        func orders(_ ids: [Int]) -> [[Int]] {
          ids.count <= 1 ? [ids] : ids.indices.flatMap { index in
            var rest = ids
            let first = rest.remove(at: index)
            return orders(rest).map { [first] + $0 }
          }
        }
        let said = { (articles: [Article]) in
          "[" + articles.map { "\\($0.id)\\($0.isRead ? " (read)" : "")" }.joined(separator: ", ") + "]"
        }
        for order in orders([1, 2, 3, 4]) {
          for readMask in 0..<16 {
            var articles: [Article] = []
            for id in order {
              var article = Article(id: id, title: "article \\(id)")
              if readMask & (1 << (id - 1)) != 0 { markRead(&article) }
              articles.append(article)
            }
            let input = said(articles)
            let sorted = sortedForDisplay(articles)
            let expected = articles.sorted { ($0.isRead ? 1 : 0, $0.id) < ($1.isRead ? 1 : 0, $1.id) }
            if said(sorted) != said(expected) {
              return "sorting: \\(input) came back \\(said(sorted)), not \\(said(expected))"
            }
          }
        }
        return "sorting: every order in order"
      }

      /// Marks the caller's `article` read (through `inout`, so the array is changed whether
      /// `Article` is a value or a class, and the build sees it written).
      static func markRead(_ article: inout Article) {
        article.isRead = true
      }
    }
    """

  @Test(
    "The module still works: pages of the size set, unread first, an opened article read, and what the store keeps changed only there"
  )
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
    let pages = Array(lines.prefix(3))
    #expect(
      pages == expected,
      "The screen handed three articles to the store, showed pages of 2, opened article 1, then showed a page of 3; it showed \(pages.joined(separator: "; ")), not \(expected.joined(separator: "; ")): pages of `feedPageSize` articles, unread first then by id, and an opened article read. [wrong-page]"
    )
    // The store's page before and after the screen changed the articles it had handed over: the same
    // page, whatever order the file sorts in, when the store keeps articles of its own.
    let page = { (prefix: String) -> String in
      lines.first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) } ?? "nothing"
    }
    let before = page("a page of 3: ")
    let after = page("after changes outside the store: ")
    #expect(
      after == before,
      "After the store had kept the articles, the screen changed the ones it had handed over (articles 3 and 2 marked read), and the store's page went from \(before) to \(after): an article handed to the store is the store's own, and nothing outside the store changes what it keeps. A class hands over a reference that its sender can still change; a struct of `Sendable` members hands over a copy. [shared-article]"
    )
    let sorting = page("sorting: ")
    if sorting != "every order in order" {
      Issue.record(
        "Given four articles in every order, each read or not, sortedForDisplay put \(sorting): unread articles first, then by id, the read ones by id too, whatever order they come in (the store hands them over in no order of its own). [wrong-page]"
      )
    }
    let none = page("a page of 0: ")
    if pages == expected, none != "[]" {
      Issue.record(
        "With the page size set to 0, the screen showed \(none): every page has `feedPageSize` articles at most, so none at 0; the global keeps the value the settings screen wrote, whatever it is. [wrong-page]"
      )
    }
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
