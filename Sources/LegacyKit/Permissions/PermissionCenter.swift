/// What the user said to a permission prompt.
public enum Permission: Sendable, Equatable {
  case granted
  case denied
}

/// The delegate of a ``PermissionCenter``, called on the main thread, as UIKit-era system APIs call theirs.
@MainActor
public protocol PermissionCenterDelegate: AnyObject {
  /// The user answered the prompt. Called once per prompt, however many requests it answered.
  func permissionCenter(_ center: PermissionCenter, didAnswer permission: Permission)
}

/// A system permission prompt, delegate style, shaped like `CLLocationManager`'s authorization.
///
/// Ask as often as you like: while the prompt is showing, another request changes nothing, and
/// the delegate hears once, when the user answers. That one callback must reach every caller who
/// asked. Tests play the user with ``answer(_:)``, and ``requests`` counts the calls.
@MainActor
public final class PermissionCenter {
  /// Hears the user's answer; weak, as a system API holds its delegate.
  public weak var delegate: (any PermissionCenterDelegate)?
  /// How many times ``requestAccess()`` was called.
  public private(set) var requests = 0
  /// Whether the prompt is showing, waiting for the user.
  public private(set) var isPrompting = false

  /// A center with no prompt showing.
  public init() {}

  /// Shows the prompt, unless it is already showing.
  public func requestAccess() {
    requests += 1
    isPrompting = true
  }

  /// The user answers the prompt that is showing: the delegate hears `permission`, once.
  ///
  /// Does nothing when no prompt is showing.
  public func answer(_ permission: Permission) {
    guard isPrompting else { return }
    isPrompting = false
    delegate?.permissionCenter(self, didAnswer: permission)
  }
}
