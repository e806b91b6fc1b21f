// Wrong answer to exercise 5.6 · one-per-answer
// Mistake: "Callers queue up, first in, first out: each answer goes to the oldest caller still waiting."
// Anti-pattern: one-per-answer
// Failure says: Two calls overlapped and the center answered once, but a caller never heard back

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
    guard !waiting.isEmpty else { return }
    waiting.removeFirst().resume(returning: permission)
  }
}
