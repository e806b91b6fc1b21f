// Exercise 5.6 · Many callers, one answer · solution

import LegacyKit

/// Asks for a permission, `async`, over the center's delegate callback.
@MainActor
public final class PermissionRequester: PermissionCenterDelegate {
  private let center: PermissionCenter
  /// Everyone waiting for the prompt that is showing. One stored continuation would be overwritten
  /// by a second call, and the first caller would wait forever: the center answers once for both.
  private var waiting: [CheckedContinuation<Permission, Never>] = []

  /// A requester over `center`; it becomes the center's delegate.
  public init(center: PermissionCenter) {
    self.center = center
    center.delegate = self
  }

  /// The user's answer to the prompt this call shows, or is already showing.
  public func requestAccess() async -> Permission {
    await withCheckedContinuation { continuation in
      waiting.append(continuation)
      center.requestAccess()
    }
  }

  public func permissionCenter(_ center: PermissionCenter, didAnswer permission: Permission) {
    // Take the list first: each continuation is resumed once, and a request made from a resumed
    // caller's code waits for the next answer.
    let answered = waiting
    waiting = []
    for continuation in answered { continuation.resume(returning: permission) }
  }
}
