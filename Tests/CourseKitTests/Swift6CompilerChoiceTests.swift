import CourseCatalog
import Foundation
import Platform
import Testing

@testable import CourseKit

/// Topic 8 is graded by the compiler of the toolchain that runs the tests, not by whichever
/// `swiftc` comes first on `PATH`; a compiler too old to grade is named, with how to choose another.
@Suite("Swift6Build: which compiler grades topic 8")
struct Swift6CompilerChoiceTests {
  /// A folder holding a fake `swiftc` that prints `version` as `swiftc --version` would.
  ///
  /// A shell writes it: a file this process had open for writing while another test started a
  /// program would be inherited by that program, and the fake could not run ("text file busy").
  static func fakeCompiler(_ version: String) throws -> String {
    let folder = NSTemporaryDirectory() + "fake-swiftc-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = "\(folder)/swiftc"
    let writer = try Platform.spawnInNewSession(
      "/bin/sh",
      arguments: [
        "sh", "-c", "printf '#!/bin/sh\\necho \"%s\"\\n' \"$1\" > \"$2\" && chmod 755 \"$2\"", "sh", version, path,
      ],
      environment: [], outputPath: "/dev/null"
    ).get()
    #expect(Platform.exit(of: writer, waiting: true) == .exited(code: 0))
    return path
  }

  static func folder(of path: String) -> String {
    String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
  }

  @Test("The running toolchain comes first, then the system's selection, then PATH, then /usr/bin")
  func order() {
    let candidates = Swift6Build.compilerCandidates(
      environment: ["PATH": "/old/bin:/other/bin"], runningToolchain: "/new/usr/bin/swiftc",
      selected: "/Applications/Xcode-beta.app/swiftc")
    #expect(
      candidates == [
        "/new/usr/bin/swiftc", "/Applications/Xcode-beta.app/swiftc", "/old/bin/swiftc", "/other/bin/swiftc",
        "/usr/bin/swiftc",
      ])
  }

  @Test("With a too-old swiftc first on PATH and a newer one in the running toolchain, the newer one grades")
  func runningToolchainWins() async throws {
    let old = try Self.fakeCompiler("Swift version 5.10 (swift-5.10-RELEASE)")
    let new = try Self.fakeCompiler("Apple Swift version 6.2 (swiftlang-6.2.0.19.9 clang-1700.3.19.1)")
    defer { [old, new].forEach { try? FileManager.default.removeItem(atPath: Self.folder(of: $0)) } }
    let candidates = Swift6Build.compilerCandidates(
      environment: ["PATH": Self.folder(of: old)], runningToolchain: new, selected: nil)
    let chosen = await Swift6Build.compiler(among: candidates)
    #expect(chosen == .success(new))
  }

  @Test("With only an old swiftc, the verdict names its path and its version, and how to choose another")
  func oldCompilerNamed() async throws {
    let old = try Self.fakeCompiler("Swift version 5.10 (swift-5.10-RELEASE)")
    defer { try? FileManager.default.removeItem(atPath: Self.folder(of: old)) }
    let candidates = Swift6Build.compilerCandidates(
      environment: ["PATH": Self.folder(of: old)], runningToolchain: nil, selected: nil)
    guard case .failure(let problem) = await Swift6Build.compiler(among: candidates) else {
      Issue.record("A Swift 5.10 compiler was accepted to grade topic 8.")
      return
    }
    #expect(problem.sentence.contains(old))
    #expect(problem.sentence.contains("Swift 5.10"))
    #expect(problem.sentence.contains("DEVELOPER_DIR") && problem.sentence.contains("TOOLCHAINS"))
  }

  @Test(
    "The toolchain is found above the image of Swift Testing, in each layout a toolchain has",
    arguments: [
      // Linux: /opt/swift/usr/lib/swift/linux/libTesting.so
      (
        image: "/opt/swift/usr/lib/swift/linux/libTesting.so", compilers: ["/opt/swift/usr/bin/swiftc"],
        expected: "/opt/swift/usr/bin/swiftc"
      ),
      // A swift.org toolchain on a Mac.
      (
        image:
          "/Library/Developer/Toolchains/swift-6.2-RELEASE.xctoolchain/usr/lib/swift/macosx/testing/libTesting.dylib",
        compilers: ["/Library/Developer/Toolchains/swift-6.2-RELEASE.xctoolchain/usr/bin/swiftc", "/usr/bin/swiftc"],
        expected: "/Library/Developer/Toolchains/swift-6.2-RELEASE.xctoolchain/usr/bin/swiftc"
      ),
      // An Xcode beta beside a release: its platform's Testing.framework leads to its own toolchain.
      (
        image:
          "/Applications/Xcode-beta.app/Contents/Developer/Platforms/MacOSX.platform/Developer/Library/Frameworks/Testing.framework/Versions/A/Testing",
        compilers: [
          "/Applications/Xcode-beta.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/bin/swiftc",
          "/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/bin/swiftc",
          "/usr/bin/swiftc",
        ],
        expected: "/Applications/Xcode-beta.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/bin/swiftc"
      ),
      // A library with no toolchain above it.
      (image: "/System/Library/Frameworks/Testing.framework/Testing", compilers: [], expected: nil),
    ])
  func toolchainLayouts(case: (image: String, compilers: [String], expected: String?)) {
    let found = Swift6Build.toolchainCompiler(above: `case`.image) { `case`.compilers.contains($0) }
    #expect(found == `case`.expected)
  }

  @Test("This test process's own toolchain is found, and it is the compiler that built these tests")
  func thisToolchain() async throws {
    let swiftc = try #require(Swift6Build.runningToolchain, "the toolchain that runs these tests was not found")
    let version = try #require(await Swift6Build.version(of: swiftc))
    #if compiler(>=6.4)
      #expect(version >= (6, 4))
    #elseif compiler(>=6.3)
      #expect(version == (6, 3))
    #else
      #expect(version == (6, 2))
    #endif
  }
}
