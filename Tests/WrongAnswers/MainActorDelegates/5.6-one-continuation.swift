// Wrong answer to exercise 5.6 · one-continuation
// Mistake: "One prompt, one answer, so one continuation: store it, ask the center, resume it when the answer comes."
// Anti-pattern: one-continuation
// Failure says: Two calls overlapped and the center answered once, but a caller never heard back

import CourseCatalog
import LegacyKit

/// Asks for a permission, `async`, over the center's delegate callback.
@MainActor
public final class PermissionRequester: PermissionCenterDelegate {
  private let center: PermissionCenter
  private var pending: CheckedContinuation<Permission, Never>?

  /// A requester over `center`; it becomes the center's delegate.
  public init(center: PermissionCenter) {
    self.center = center
    center.delegate = self
  }

  /// The user's answer to the prompt this call shows, or is already showing.
  public func requestAccess() async -> Permission {
    await withCheckedContinuation { continuation in
      pending = continuation
      center.requestAccess()
    }
  }

  public func permissionCenter(_ center: PermissionCenter, didAnswer permission: Permission) {
    let waiting = pending
    pending = nil
    waiting?.resume(returning: permission)
  }
}
