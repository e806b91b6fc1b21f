// Exercise 5.6 · Many callers, one answer
// Grade 3 (challenge) · Lesson: Docs/05-mainactor-delegates.md#many-callers-one-answer
// Check it: swift run course check 5.6   (or: swift test --filter MainActorDelegatesTests.Ex5_6_ManyCallersTests)
//
// Wrap the delegate-style `PermissionCenter` in one `async` call, on the main actor:
//   - `requestAccess()` asks the center (`center.requestAccess()`) and returns the user's answer,
//     once the delegate method hears it. [never-asks-center] [never-resumes] [returns-other-answer]
//   - Callers may overlap. While the prompt is showing, a second `requestAccess()` waits for the
//     same answer, and the center calls its delegate once for both: every caller gets that answer,
//     and none waits forever. [one-continuation] [one-per-answer] [busy-denied] (Whether a caller
//     that comes while the prompt shows asks the center too is yours: a center asked again while
//     its prompt shows keeps that one prompt.)
//   - After an answer, a new request asks the center again, and returns the next answer, not the
//     last. [cached-answer] [resume-in-task]
//   - Each caller's continuation is resumed exactly once. [double-resume] [never-emptied]
//   (What a caller whose task is cancelled while it waits gets is yours too: the user's answer, or
//   one of its own such as `.denied`, once, as long as it is resumed exactly once.)

import CourseCatalog
import LegacyKit

/// Asks for a permission, `async`, over the center's delegate callback.
@MainActor
public final class PermissionRequester: PermissionCenterDelegate {
  private let center: PermissionCenter

  /// A requester over `center`; it becomes the center's delegate.
  public init(center: PermissionCenter) {
    self.center = center
    center.delegate = self
  }

  /// The user's answer to the prompt this call shows, or is already showing.
  public func requestAccess() async -> Permission {
    _ = NotStarted("5.6")  // Replace these two lines.
    return .denied
  }

  public func permissionCenter(_ center: PermissionCenter, didAnswer permission: Permission) {
    // Replace this comment: resume whoever is waiting for the answer.
  }
}
