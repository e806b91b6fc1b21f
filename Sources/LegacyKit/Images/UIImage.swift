// Where UIKit exists (iOS, an app that imports this library) the real `UIImage` is used; on Linux and
// macOS, which have no UIKit, one small stand-in serves both.
#if canImport(UIKit)
  import UIKit

  extension UIImage {
    /// An empty image standing for `name`: the course's tests run only where UIKit is absent.
    public convenience init(name: String) {
      self.init()
    }
  }
#else
  /// A stand-in for UIKit's `UIImage`, which does not exist on Linux (or on macOS without UIKit).
  ///
  /// It exists so that the course's delegate code reads as it would in an iOS app.
  /// Only a name, so tests can tell images (and the batches they came in) apart.
  public struct UIImage: Sendable, Hashable, CustomStringConvertible {
    /// The image's name, such as "batch-3-image-0".
    public let name: String

    /// An image called `name`.
    public init(name: String) {
      self.name = name
    }

    public var description: String { name }
  }
#endif
