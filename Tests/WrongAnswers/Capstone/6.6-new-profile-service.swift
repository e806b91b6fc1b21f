// Wrong answer to exercise 6.6 · new-profile-service
// Mistake: "A profile source of its own keeps the new screen apart from the legacy one."
// Anti-pattern: shared-cloud
// Failure says: build ServiceProfileSource over the `profiles` passed in

import LegacyKit

/// The live dashboard's sources: the four legacy services, each behind its adapter.
public func liveDashboardSources(
  cloud: ArticleCloud, profiles: UserProfileService, makeDownload: @escaping @Sendable () -> ProgressDownload,
  makeLoader: @escaping @Sendable (any ImageBatchLoaderDelegate) -> ImageBatchLoader
) -> DashboardSources? {
  DashboardSources(
    articles: CloudArticleSource(cloud: cloud), profiles: ServiceProfileSource(service: UserProfileService()),
    sync: DownloadSyncSource(makeDownload: makeDownload), gallery: LoaderGallerySource(makeLoader: makeLoader))
}
