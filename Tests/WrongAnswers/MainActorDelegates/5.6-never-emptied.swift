// Wrong answer to exercise 5.6 · never-emptied
// Mistake: "Keep every caller in a list, and when the answer comes, resume everyone in the list."
// Anti-pattern: never-emptied
// Failure says: The second answer resumed the first caller again

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
    await withCheckedContinuation { continuation in
      waiting.append(continuation)
      center.requestAccess()
    }
  }

  public func permissionCenter(_ center: PermissionCenter, didAnswer permission: Permission) {
    for continuation in waiting {
      continuation.resume(returning: permission)
    }
  }
}
