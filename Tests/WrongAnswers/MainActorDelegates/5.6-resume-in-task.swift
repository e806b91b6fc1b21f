// Wrong answer to exercise 5.6 · resume-in-task
// Mistake: "Don't make the center wait on our callers: hand the answer out in a Task, and clear the list there."
// Anti-pattern: resume-in-task
// Failure says: a new request returns the answer to its own prompt, so resume the waiting callers in the delegate method itself

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
    Task {
      let answered = self.waiting
      self.waiting = []
      for continuation in answered {
        continuation.resume(returning: permission)
      }
    }
  }
}
