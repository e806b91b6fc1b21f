// Exercise 6.6 · Wire the live screen, and leave the old one working
// Grade 4 (interview-hard) · Lesson: Docs/06-capstone.md#wire-the-live-screen
// Check it: swift run course check 6.6   (or: swift test --filter CapstoneTests.Ex6_6_LiveDashboardTests)
//
// The last step: the live dashboard. Build its `DashboardSources` from your four
// adapters (6.2 to 6.5) over the legacy services passed in. [shared-cloud]
//   - every sync runs a download of its own, and every gallery load a loader of its own, each made
//     by the factory passed in when it starts: a reload (pull to refresh) syncs and loads again.
//     [download-made-once]
//   - a reload asks the cloud and the profile service again, and shows what they answer now: keep
//     nothing between loads in front of them. [shared-cloud]
// The model from 6.1 does the rest: the code that passed with stubs now runs on the
// real legacy app. The legacy presenter is LegacyKit's, not yours to change: it keeps
// working beside the new screen.

import CourseCatalog
import LegacyKit

/// The live dashboard's sources: the four legacy services, each behind its adapter.
public func liveDashboardSources(
  cloud: ArticleCloud, profiles: UserProfileService, makeDownload: @escaping @Sendable () -> ProgressDownload,
  makeLoader: @escaping @Sendable (any ImageBatchLoaderDelegate) -> ImageBatchLoader
) -> DashboardSources? {
  _ = NotStarted("6.6")  // Replace these two lines.
  return nil
}
