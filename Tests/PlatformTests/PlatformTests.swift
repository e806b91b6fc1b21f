import Foundation
import Testing

@testable import Platform

/// The platform layer's arithmetic, with both platforms' units, and its process calls, for real.
///
/// The conversions are pure so that the Darwin file's numbers are checked here on Linux: a Mac's
/// `proc_pid_rusage` counts in Mach ticks, whose length is the timebase `mach_timebase_info` gives.
@Suite("The platform layer")
struct PlatformTests {
  @Test(
    "Mach ticks become seconds with either timebase",
    arguments: [
      // Apple silicon: 125/3 ns a tick, so 24 million ticks are one second.
      (ticks: UInt64(24_000_000), numerator: UInt32(125), denominator: UInt32(3), seconds: 1.0),
      (ticks: 36_000_000, numerator: 125, denominator: 3, seconds: 1.5),
      // Intel: one nanosecond a tick.
      (ticks: 2_500_000_000, numerator: 1, denominator: 1, seconds: 2.5),
      // A timebase that could not be read counts nanoseconds rather than dividing by zero.
      (ticks: 750_000_000, numerator: 0, denominator: 0, seconds: 0.75),
    ])
  func machTicks(case: (ticks: UInt64, numerator: UInt32, denominator: UInt32, seconds: Double)) {
    let seconds = Platform.seconds(ticks: `case`.ticks, timebase: (`case`.numerator, `case`.denominator))
    #expect(
      abs(seconds - `case`.seconds) < 1e-9, "\(`case`.ticks) ticks at \(`case`.numerator)/\(`case`.denominator) ns")
  }

  @Test("A peak resident size is read in bytes on Darwin and in kilobytes on Linux")
  func residentSize() {
    #expect(Platform.bytes(maxResidentSetSize: 3_145_728, inKilobytes: false) == 3_145_728)
    #expect(Platform.bytes(maxResidentSetSize: 3072, inKilobytes: true) == 3_145_728)
    #expect(Platform.peakResidentMegabytes() > 1, "this test process uses more than a megabyte")
  }

  @Test("A wait status reads as the exit code or the signal that ended the program")
  func waitStatus() {
    #expect(Platform.Exit.decoding(0) == .exited(code: 0))
    #expect(Platform.Exit.decoding(3 << 8) == .exited(code: 3))
    #expect(Platform.Exit.decoding(9) == .killed(signal: 9))
    #expect(Platform.Exit.decoding(6 | 0x80) == .killed(signal: 6), "a core dump's flag is not part of the signal")
  }

  @Test("A program started in a session of its own is waited for, and can be killed")
  func spawnWaitAndKill() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("platform-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: output) }

    let exits = try Platform.spawnInNewSession(
      "/bin/sh", arguments: ["sh", "-c", "echo started; exit 3"], environment: [], outputPath: output.path
    ).get()
    #expect(Platform.exit(of: exits, waiting: true) == .exited(code: 3))
    #expect(try String(contentsOf: output, encoding: .utf8) == "started\n")

    let sleeps = try Platform.spawnInNewSession(
      "/bin/sh", arguments: ["sh", "-c", "exec sleep 30"], environment: [], outputPath: output.path
    ).get()
    #expect(Platform.exit(of: sleeps, waiting: false) == nil, "it still runs")
    Platform.send(SIGKILL, toGroup: sleeps)
    #expect(Platform.exit(of: sleeps, waiting: true) == .killed(signal: SIGKILL))
  }

  @Test("The process table lists this process in its own session, with the CPU time it used")
  func processTable() throws {
    let me = Platform.processID
    let members = try #require(Platform.processes(inSession: Platform.sessionID), "this platform lists its processes")
    #expect(members.contains(me))
    let cpu = try #require(Platform.cpuSeconds(ofProcess: me))
    #expect(cpu > 0 && cpu <= Platform.cpuSeconds(.process) + 0.5)
  }
}

/// A sanitized test process's injected runtime stays with it: the programs the course starts (a
/// `swiftc`, a program topic 8 built without the sanitizer) do not inherit it.
@Suite("The platform layer: children's environment")
struct ChildEnvironmentTests {
  @Test("A sanitizer runtime injected through the dynamic loader is removed, and every other entry is kept")
  func removesTheInjection() {
    let environment = [
      "PATH=/usr/bin",
      "DYLD_INSERT_LIBRARIES=/Xcode.app/usr/lib/clang/17/lib/darwin/libclang_rt.tsan_osx_dynamic.dylib:/opt/libkeep.dylib",
      "LD_PRELOAD=/usr/lib/llvm/libclang_rt.tsan-x86_64.so",
      "COURSE_SOLUTIONS=1",
    ]
    #expect(
      Platform.environmentForChildren(environment) == [
        "PATH=/usr/bin", "DYLD_INSERT_LIBRARIES=/opt/libkeep.dylib", "COURSE_SOLUTIONS=1",
      ])
    #expect(
      Platform.environmentForChildren([
        "DYLD_INSERT_LIBRARIES=/x/libclang_rt.asan_osx_dynamic.dylib", "HOME=/h",
      ]) == ["HOME=/h"], "a variable with nothing left in it goes")
  }

  @Test("A program started by the platform layer does not see the sanitizer's runtime in its environment")
  func childLacksTheInjection() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("platform-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: output) }
    let child = try Platform.spawnInNewSession(
      "/bin/sh", arguments: ["sh", "-c", "echo \"[$LD_PRELOAD][$DYLD_INSERT_LIBRARIES][$KEPT]\""],
      environment: [
        "LD_PRELOAD=/nowhere/libclang_rt.tsan-x86_64.so",
        "DYLD_INSERT_LIBRARIES=/nowhere/libclang_rt.tsan_osx_dynamic.dylib", "KEPT=yes",
      ], outputPath: output.path
    ).get()
    #expect(Platform.exit(of: child, waiting: true) == .exited(code: 0))
    #expect(try String(contentsOf: output, encoding: .utf8) == "[][][yes]\n")
  }
}

@Suite("The platform layer: loaded images")
struct LoadedImageTests {
  @Test("An address is found in its library even when the process maps far more than a page's worth of regions")
  func imageOfALibraryLoadedAtStart() {
    // A hundred threads, each with a stack and a guard page: the process's table of mappings then
    // runs to many kilobytes, with the libraries at the top of the address space, after the stacks.
    let release = DispatchSemaphore(value: 0)
    let started = DispatchSemaphore(value: 0)
    for _ in 0..<100 {
      Thread.detachNewThread {
        started.signal()
        release.wait()
      }
    }
    for _ in 0..<100 { started.wait() }
    defer { for _ in 0..<100 { release.signal() } }
    let metadata = unsafeBitCast(Data.self as Any.Type, to: UnsafeRawPointer.self)
    let image = Platform.imagePath(containing: metadata)
    #expect(image?.contains("Foundation") == true, "Data's metadata was found in \(image ?? "no image")")
  }
}
