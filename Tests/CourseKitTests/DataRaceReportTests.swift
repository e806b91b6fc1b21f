import CourseCatalog
import Foundation
import Testing

@Suite("A thread sanitizer's report, read for a learner")
struct DataRaceReportTests {
  /// A report as the sanitizer of Swift 6.3 on Linux writes it (mangled frames, a path and a column),
  /// for two threads that checked and set a flag in an exercise's file.
  static let report = """
    ==================
    WARNING: ThreadSanitizer: data race (pid=11425)
      Read of size 1 at 0x720800000050 by thread T1:
        #0 $s20ContinuationAdapters8ProviderV8locationyyFyycfU_ /work/course/Exercises/ContinuationAdapters/Ex3_4_DoubleCallbackAdapter.swift:26:14 (ContinuationAdaptersPackageTests.xctest+0xfcf54) (BuildId: 7a78)
        #1 $s9LegacyKit11LocationSDKC7requestyyF /work/course/Sources/LegacyKit/Location/LocationSDK.swift:40:9 (ContinuationAdaptersPackageTests.xctest+0x3795f8)

      Previous write of size 1 at 0x720800000050 by thread T2:
        #0 $s20ContinuationAdapters8ProviderV8locationyyFyycfU_ /work/course/Exercises/ContinuationAdapters/Ex3_4_DoubleCallbackAdapter.swift:27:16 (ContinuationAdaptersPackageTests.xctest+0xfcfb5) (BuildId: 7a78)
        #1 $s10Foundation6ThreadC4mainyyF <null> (libFoundation.so+0x3795f8) (BuildId: bbe2)

      Location is heap block of size 17 at 0x720800000040 allocated by main thread:
        #0 malloc /home/build-user/llvm-project/compiler-rt/lib/tsan/rtl/tsan_interceptors_posix.cpp:686:5 (race+0x7a4c0)
        #1 main /work/course/Exercises/ContinuationAdapters/Ex3_4_DoubleCallbackAdapter.swift:3:13 (race+0xfdd54)

    SUMMARY: ThreadSanitizer: data race /work/course/Exercises/ContinuationAdapters/Ex3_4_DoubleCallbackAdapter.swift:26:14 in $s20ContinuationAdapters
    ==================
    """

  static let source = (1...30).map { number in
    switch number {
    case 26: "        if didResume { return }"
    case 27: "        didResume = true"
    default: ""
    }
  }.joined(separator: "\n")

  @Test("Names the two lines of the exercise's file, with their code, read first, then written")
  func namesTheTwoLines() throws {
    let race = try #require(DataRaceReport(in: "test output before it\n" + Self.report))
    #expect(race.warning == "WARNING: ThreadSanitizer: data race")
    #expect(race.current.kind == "read" && race.current.place == "Ex3_4_DoubleCallbackAdapter.swift:26")
    #expect(race.previous.kind == "write" && race.previous.place == "Ex3_4_DoubleCallbackAdapter.swift:27")
    let summary = race.summary { path in
      path == "/work/course/Exercises/ContinuationAdapters/Ex3_4_DoubleCallbackAdapter.swift" ? Self.source : nil
    }
    #expect(
      summary
        == "`didResume = true` (Ex3_4_DoubleCallbackAdapter.swift:27) wrote and `if didResume { return }` (Ex3_4_DoubleCallbackAdapter.swift:26) read the same state from two threads at once, with no lock between them"
    )
  }

  /// A Swift access race as the sanitizer of Swift 6.3 on Linux writes it: two inout accesses of one
  /// variable (here a dictionary's subscript set, through a class's property), with no "of size".
  static let accessRace = """
    ==================
    WARNING: ThreadSanitizer: Swift access race (pid=16567)
      Modifying access of Swift variable at 0x720800000030 by thread T1:
        #0 $s16RepeatingSources16PriceBroadcasterC9subscribeyyF /work/course/Exercises/RepeatingSources/Ex4_6_Broadcaster.swift:31:26 (RepeatingSourcesPackageTests.xctest+0xfc7a5) (BuildId: cc13)
        #1 $s10Foundation6ThreadC4mainyyF <null> (libFoundation.so+0x3795f8) (BuildId: bbe2)

      Previous read-only access of Swift variable at 0x720800000030 by thread T2:
        #0 $s16RepeatingSources16PriceBroadcasterC6removeyy10Foundation4UUIDVF /work/course/Exercises/RepeatingSources/Ex4_6_Broadcaster.swift:63:11 (RepeatingSourcesPackageTests.xctest+0xfc9f8) (BuildId: cc13)
        #1 $s10Foundation6ThreadC4mainyyF <null> (libFoundation.so+0x3795f8) (BuildId: bbe2)

      Location is heap block of size 24 at 0x720800000020 allocated by main thread:
        #0 malloc /home/build-user/llvm-project/compiler-rt/lib/tsan/rtl/tsan_interceptors_posix.cpp:686:5 (race+0x79c70)
        #1 swift_slowAlloc <null> (libswiftCore.so+0x46fa6e)

    SUMMARY: ThreadSanitizer: Swift access race /work/course/Exercises/RepeatingSources/Ex4_6_Broadcaster.swift:31:26 in $s16RepeatingSources
    ==================
    """

  @Test("A Swift access race (an inout access, such as a dictionary's subscript set) is read the same way")
  func readsASwiftAccessRace() throws {
    let race = try #require(DataRaceReport(in: Self.accessRace))
    #expect(race.warning == "WARNING: ThreadSanitizer: Swift access race")
    #expect(race.current.kind == "write" && race.current.place == "Ex4_6_Broadcaster.swift:31")
    #expect(race.previous.kind == "read" && race.previous.place == "Ex4_6_Broadcaster.swift:63")
    #expect(
      race.summary { _ in nil }
        == "line Ex4_6_Broadcaster.swift:63 read and line Ex4_6_Broadcaster.swift:31 wrote the same state from two threads at once, with no lock between them"
    )
  }

  @Test("Without the file, names the lines; without a frame in an exercise's file, quotes the sanitizer")
  func fallsBack() throws {
    let race = try #require(DataRaceReport(in: Self.report))
    #expect(race.summary { _ in nil }.hasPrefix("line Ex3_4_DoubleCallbackAdapter.swift:27 wrote and line"))
    let elsewhere = Self.report.replacingOccurrences(of: "Ex3_4_DoubleCallbackAdapter", with: "LocationSDK")
    #expect(
      DataRaceReport(in: elsewhere)?.summary()
        == "two threads touched the same state with no lock between them (WARNING: ThreadSanitizer: data race)")
  }

  /// The same race as the sanitizer on a Mac writes it: frames symbolized by `atos`, which names a
  /// file without its folder and a line without its column, and the image with its architecture.
  static let macReport = """
    ==================
    WARNING: ThreadSanitizer: data race (pid=40213)
      Read of size 1 at 0x000109a04d10 by thread T2:
        #0 closure #1 in Provider.location() Ex3_4_DoubleCallbackAdapter.swift:26 (ContinuationAdaptersPackageTests:arm64+0x1a2b4)
        #1 partial apply for closure #1 in Provider.location() <compiler-generated> (ContinuationAdaptersPackageTests:arm64+0x1a3c0)
        #2 LocationSDK.request() LocationSDK.swift:40 (ContinuationAdaptersPackageTests:arm64+0x2b4c8)

      Previous write of size 1 at 0x000109a04d10 by thread T3:
        #0 closure #1 in Provider.location() Ex3_4_DoubleCallbackAdapter.swift:27 (ContinuationAdaptersPackageTests:arm64+0x1a2f0)
        #1 __tsan_thread_start_func <null> (libclang_rt.tsan_osx_dynamic.dylib:arm64e+0x2e1c4)

      Location is heap block of size 17 at 0x000109a04d00 allocated by main thread:
        #0 malloc <null> (libclang_rt.tsan_osx_dynamic.dylib:arm64e+0x5a5c4)

    SUMMARY: ThreadSanitizer: data race Ex3_4_DoubleCallbackAdapter.swift:26 in closure #1 in Provider.location()
    ==================
    """

  @Test("On a Mac, where a frame names its file without its folder, the code is found among the exercise's files")
  func macReportQuotesTheCode() throws {
    let race = try #require(DataRaceReport(in: Self.macReport))
    #expect(race.current.place == "Ex3_4_DoubleCallbackAdapter.swift:26")
    #expect(race.previous.place == "Ex3_4_DoubleCallbackAdapter.swift:27")
    let folder = NSTemporaryDirectory() + "race-report-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Self.source.write(toFile: "\(folder)/Ex3_4_DoubleCallbackAdapter.swift", atomically: true, encoding: .utf8)
    #expect(
      race.summary(source: DataRaceReport.reader(searching: ["/nowhere", folder]))
        == "`didResume = true` (Ex3_4_DoubleCallbackAdapter.swift:27) wrote and `if didResume { return }` (Ex3_4_DoubleCallbackAdapter.swift:26) read the same state from two threads at once, with no lock between them"
    )
    #expect(
      race.summary(source: DataRaceReport.reader(searching: ["/nowhere"]))
        == "line Ex3_4_DoubleCallbackAdapter.swift:27 wrote and line Ex3_4_DoubleCallbackAdapter.swift:26 read the same state from two threads at once, with no lock between them",
      "a file found nowhere is not quoted")
  }

  @Test("A clean run has no race to report")
  func noRace() {
    #expect(DataRaceReport(in: "Test run with 5 tests passed\nThreadSanitizer: reported 0 warnings") == nil)
  }
}
