// The Foundation classes whose `Sendable` conformance is not the same, or not certainly the same, in
// swift-corelibs-foundation (Linux) and in every Apple SDK the course supports (Xcode 26.0 and later),
// declared here without it. `.ci/check-darwin` type-checks each module of the package with this file
// added, so that these declarations shadow Foundation's: a module that captures one of them in a
// `@Sendable` closure, or keeps one in a `Sendable` type, fails there, on Linux, where the real
// Foundation would let it through and a Mac's SDK might not.
//
// Why each one is here:
// - `FileManager`, `Timer`, `UserDefaults`: `@unchecked Sendable` in swift-corelibs-foundation
//   (swift-foundation's `FileManager` only outside Apple's build), not `Sendable` in Apple's SDK.
// - `Thread`, `RunLoop`: `@unchecked Sendable` in swift-corelibs-foundation; Apple's headers could
//   not be read here.
// - `Process`, `Pipe`, `FileHandle`: `Sendable` in swift-corelibs-foundation and, by their headers'
//   marks, in recent SDKs; not checked for every SDK the course supports, and the course has no
//   need to capture them: it starts programs through `Platform`, which hands over a process id.
//
// Only what the package uses is declared: properties through dynamic member lookup into
// Foundation's own type, methods one by one, with Foundation's signatures. A use this file lacks
// fails the check with "has no member": add the member here, as Foundation declares it.
// Type-checking only: nothing runs or links against this file.
import Foundation

/// Foundation's `Process`, not certainly `Sendable`.
@dynamicMemberLookup
final class Process {
  init() {}
  subscript<T>(dynamicMember keyPath: ReferenceWritableKeyPath<Foundation.Process, T>) -> T {
    get { fatalError() }
    set {}
  }
  subscript<T>(dynamicMember keyPath: KeyPath<Foundation.Process, T>) -> T { fatalError() }
  func run() throws {}
  func terminate() {}
  func interrupt() {}
  func waitUntilExit() {}
}

/// Foundation's `Pipe`, not certainly `Sendable`.
final class Pipe {
  init() {}
  var fileHandleForReading: FileHandle { fatalError() }
  var fileHandleForWriting: FileHandle { fatalError() }
}

/// Foundation's `FileHandle`, not certainly `Sendable`.
final class FileHandle {
  static var standardInput: FileHandle { fatalError() }
  static var standardOutput: FileHandle { fatalError() }
  static var standardError: FileHandle { fatalError() }
  static var nullDevice: FileHandle { fatalError() }
  init?(forReadingAtPath path: String) {}
  init?(forWritingAtPath path: String) {}
  init(fileDescriptor fd: Int32, closeOnDealloc closeopt: Bool) {}
  var fileDescriptor: Int32 { fatalError() }
  func write(_ data: Data) {}
  func readDataToEndOfFile() -> Data { fatalError() }
  func closeFile() {}
  func close() throws {}
}

/// Foundation's `FileManager`, not `Sendable` in Apple's SDK.
@dynamicMemberLookup
final class FileManager {
  static var `default`: FileManager { fatalError() }
  subscript<T>(dynamicMember keyPath: KeyPath<Foundation.FileManager, T>) -> T { fatalError() }
  func attributesOfItem(atPath path: String) throws -> [FileAttributeKey: Any] { fatalError() }
  func setAttributes(_ attributes: [FileAttributeKey: Any], ofItemAtPath path: String) throws {}
  func changeCurrentDirectoryPath(_ path: String) -> Bool { fatalError() }
  func contentsOfDirectory(atPath path: String) throws -> [String] { fatalError() }
  func contents(atPath path: String) -> Data? { fatalError() }
  func contentsOfDirectory(
    at url: URL, includingPropertiesForKeys keys: [URLResourceKey]?,
    options mask: Foundation.FileManager.DirectoryEnumerationOptions = []
  ) throws -> [URL] { fatalError() }
  func copyItem(at srcURL: URL, to dstURL: URL) throws {}
  func copyItem(atPath srcPath: String, toPath dstPath: String) throws {}
  func moveItem(at srcURL: URL, to dstURL: URL) throws {}
  func moveItem(atPath srcPath: String, toPath dstPath: String) throws {}
  func createDirectory(
    at url: URL, withIntermediateDirectories createIntermediates: Bool, attributes: [FileAttributeKey: Any]? = nil
  ) throws {}
  func createDirectory(
    atPath path: String, withIntermediateDirectories createIntermediates: Bool,
    attributes: [FileAttributeKey: Any]? = nil
  ) throws {}
  func createFile(atPath path: String, contents data: Data?, attributes attr: [FileAttributeKey: Any]? = nil) -> Bool {
    fatalError()
  }
  func enumerator(
    at url: URL, includingPropertiesForKeys keys: [URLResourceKey]?,
    options mask: Foundation.FileManager.DirectoryEnumerationOptions = [],
    errorHandler handler: ((URL, any Error) -> Bool)? = nil
  ) -> Foundation.FileManager.DirectoryEnumerator? { fatalError() }
  func enumerator(atPath path: String) -> Foundation.FileManager.DirectoryEnumerator? { fatalError() }
  func fileExists(atPath path: String) -> Bool { fatalError() }
  func fileExists(atPath path: String, isDirectory: UnsafeMutablePointer<ObjCBool>?) -> Bool { fatalError() }
  func isExecutableFile(atPath path: String) -> Bool { fatalError() }
  func removeItem(at url: URL) throws {}
  func removeItem(atPath path: String) throws {}
  func subpaths(atPath path: String) -> [String]? { fatalError() }
}

/// Foundation's `Thread`, whose `Sendable` conformance in Apple's SDK was not checked.
final class Thread {
  static func detachNewThread(_ block: @escaping @Sendable () -> Void) {}
  static func sleep(forTimeInterval interval: TimeInterval) {}
  static func sleep(until date: Date) {}
  static var isMainThread: Bool { fatalError() }
  static var current: Thread { fatalError() }
}

/// Foundation's `RunLoop`, whose `Sendable` conformance in Apple's SDK was not checked.
final class RunLoop {
  static var current: RunLoop { fatalError() }
  static var main: RunLoop { fatalError() }
  func run(mode: Foundation.RunLoop.Mode, before limitDate: Date) -> Bool { fatalError() }
  func run(until limitDate: Date) {}
}

/// Foundation's `Timer`, not `Sendable` in Apple's SDK.
final class Timer {
  static func scheduledTimer(
    withTimeInterval interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void
  ) -> Timer { fatalError() }
  func invalidate() {}
  var isValid: Bool { fatalError() }
}

/// Foundation's `UserDefaults`, not `Sendable` in Apple's SDK.
final class UserDefaults {
  static var standard: UserDefaults { fatalError() }
  init?(suiteName: String?) {}
  func object(forKey defaultName: String) -> Any? { fatalError() }
  func set(_ value: Any?, forKey defaultName: String) {}
  func removeObject(forKey defaultName: String) {}
}
