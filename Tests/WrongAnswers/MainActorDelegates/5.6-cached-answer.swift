// Wrong answer to exercise 5.6 · cached-answer
// Mistake: "Once the user has answered, we know the answer: hand it back instead of showing the prompt again."
// Anti-pattern: cached-answer
// Failure says: After the user answered, a new requestAccess() did not ask the center again

import CourseCatalog
import LegacyKit

/// Asks for a permission, `async`, over the center's delegate callback.
@MainActor
public final class PermissionRequester: PermissionCenterDelegate {
  private let center: PermissionCenter
  private var waiting: [CheckedContinuation<Permission, Never>] = []
  private var answer: Permission?

  /// A requester over `center`; it becomes the center's delegate.
  public init(center: PermissionCenter) {
    self.center = center
    center.delegate = self
  }

  /// The user's answer to the prompt this call shows, or is already showing.
  public func requestAccess() async -> Permission {
    if let answer { return answer }
    return await withCheckedContinuation { continuation in
      waiting.append(continuation)
      center.requestAccess()
    }
  }

  public func permissionCenter(_ center: PermissionCenter, didAnswer permission: Permission) {
    answer = permission
    let answered = waiting
    waiting = []
    for continuation in answered {
      continuation.resume(returning: permission)
    }
  }
}
