// The Swift half of the test-only Darwin shim: what Apple's Swift overlay for Darwin adds to the C
// library (stdlib/public/Platform in the Swift repository), with the overlay's own signatures.
// Type-checking only, like the header beside it: nothing runs or links against this module.

@_exported import CDarwinShim

/// The overlay's fixed-argument `ioctl` that takes a pointer (C's `ioctl` is variadic).
public func ioctl(_ fd: CInt, _ request: UInt, _ ptr: UnsafeMutableRawPointer) -> CInt {
  -1
}

/// The overlay's `TIOCGWINSZ` (TiocConstants.swift), which Swift cannot import from the macro.
public var TIOCGWINSZ: UInt { 0x4008_7468 }

/// The overlay's `open` with a mode (C's `open` is variadic).
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 {
  -1
}

/// The overlay marks `fork` unavailable (stdlib/public/Platform/Platform.swift).
@available(*, unavailable, message: "Please use threads or posix_spawn*()")
public func fork() -> Int32 {
  fatalError("unavailable function can't be called")
}

/// The overlay marks `vfork` unavailable too.
@available(*, unavailable, message: "Please use threads or posix_spawn*()")
public func vfork() -> Int32 {
  fatalError("unavailable function can't be called")
}
