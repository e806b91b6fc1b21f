// Exercise 1.1 · Wrap a completion handler in a promise
// Grade 1 (warm-up) · Lesson: Docs/01-promise-chains.md#wrap-a-callback
// Check it: swift run course check 1.1   (or: swift test --filter PromiseChainsTests.Ex1_1_WrapCompletionHandlerTests)
//
// `AuthService.login(user:password:completion:)` calls back Cocoa-style with
// `(Session?, Error?)`. The convention promises exactly one of the two; real SDKs
// sometimes send neither, or both. Return a promise that:
//   - fulfills with the session, [session-not-fulfilled]
//   - rejects with the error (an error wins over a session), [changed-error] [session-first]
//   - rejects with `PMKError.invalidCallingConvention` on `(nil, nil)`,
//     instead of staying pending forever. [wrong-convention-error] [if-else-if]
// Call the service once, with the credentials unchanged. [retry-login]
// The first callback decides: a second one changes nothing. [last-answer-wins]

import CourseCatalog
import LegacyKit
import PromiseKitLite

/// Signs `user` in through the legacy service and returns the session as a promise.
public func signIn(with auth: AuthService, user: String, password: String) -> Promise<Session> {
  Promise(error: NotStarted("1.1"))  // Replace this line with your promise.
}
