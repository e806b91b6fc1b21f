// Wrong answer to exercise 5.6 · busy-denied
// Mistake: "The prompt is already up and a second request changes nothing, so fail fast with .denied, don't pile up."
// Anti-pattern: busy-denied
// Failure says: every caller waits for the user's answer, and gets it, even one that asked while the prompt was showing

import CourseCatalog
import LegacyKit

/// Asks for a permission, `async`, over the center's delegate callback.
@MainActor
public final class PermissionRequester: PermissionCenterDelegate {
  private let center: PermissionCenter
  private var waiting: [CheckedContinuation<Permission, Never>] = []

  /// A requester over `center`; it becomes the center's delegate.
  public init(center: PermissionCenter) {
    self.center = center
    center.delegate = self
  }

  /// The user's answer to the prompt this call shows, or is already showing.
  public func requestAccess() async -> Permission {
    if center.isPrompting { return .denied }
    return await withCheckedContinuation { continuation in
      waiting.append(continuation)
      center.requestAccess()
    }
  }

  public func permissionCenter(_ center: PermissionCenter, didAnswer permission: Permission) {
    let answered = waiting
    waiting = []
    for continuation in answered {
      continuation.resume(returning: permission)
    }
  }
}
