// Exercise 7.2 · Exactly once: catch a double resume and a zero resume
//
// Write the tests that prove `ProfileLoader` resumes exactly once, whatever the SDK does.
// The subject, whole, as your tests see it (its body lives with the course's machinery, beside the
// broken versions the check swaps in; you never need to open it):
//
//   public struct ProfileLoader: Sendable {      // import ProvingAdaptersSubjects
//     public let service: UserProfileService     // the legacy SDK
//     public init(service: UserProfileService)
//     public func profile(id: Int) async throws -> UserProfile
//   }
//   It loads user profiles from the legacy SDK, resuming exactly once whatever the SDK does.
//   [no-guard] [guard-on-success-only] [two-ifs] [neither-hangs] [neither-force-unwrap]
//   The first callback wins, one with neither too, and every later one is ignored. [latest-wins] [no-guard]
//   [guard-on-success-only] [neither-hangs]
//   An error wins over a profile, and a callback with neither throws `NeitherValueNorError`. [value-wins]
//   [two-ifs] [neither-hangs] [neither-force-unwrap]
//
// Script the SDK (`service.endpoint.script(…)`) on
// every path: a profile; an error; two callbacks (`.twice(…)`); an error then a profile; a profile
// and an error together (`Script([.both(…)])`); neither (`.neither`). [placeholder-profile]
// [error-as-neither] [no-guard] [latest-wins] [guard-on-success-only] [two-ifs] [value-wins] [neither-hangs]
// On the plain paths, prove too that it asks for the user it is given (`service.endpoint.calls`),
// and returns the SDK's own profile, or throws the SDK's own error. [ignores-id] [placeholder-profile]
// [error-as-neither]
// - A double resume, or the neither path's force unwrap, traps the process: only a child process can
//   report it. Make every call that can trap (two callbacks, an error then a profile, both together,
//   neither) inside `#expect(processExitsWith: .success) { … }` (its closure cannot capture values:
//   build the scenario inside it), and read the runtime's words with
//   `observing: [\.standardErrorContent]`. [no-guard] [guard-on-success-only] [two-ifs] [neither-force-unwrap]
// - A zero resume hangs: await every call under `withDeadline` (from ProvingKit), in a child process
//   too. [neither-hangs]
//
// `swift run course check 7.2` runs your tests against the correct loader, then against broken ones,
// and names each broken one that your tests let through. Replace the test below with yours.
//
// Lesson: Docs/07-proving-adapters.md#exactly-once-proved

import LegacyKit
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.2 Exactly once: catch a double resume and a zero resume")
struct Ex7_2_ExactlyOnceTests {
  @Test("Not started yet: replace this test with your tests")
  func notStartedYet() throws {
    throw NotStarted("7.2")
  }
}
