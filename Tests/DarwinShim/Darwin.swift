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
