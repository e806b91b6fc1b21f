// Wrong answer to exercise 6.6 · default-download
// Mistake: "The sync is always the same download; the factory parameter only matters to tests."
// Anti-pattern: shared-cloud
// Failure says: build DownloadSyncSource with the `makeDownload` passed in

import LegacyKit

/// The live dashboard's sources: the four legacy services, each behind its adapter.
public func liveDashboardSources(
  cloud: ArticleCloud, profiles: UserProfileService, makeDownload: @escaping @Sendable () -> ProgressDownload,
  makeLoader: @escaping @Sendable (any ImageBatchLoaderDelegate) -> ImageBatchLoader
) -> DashboardSources? {
  DashboardSources(
    articles: CloudArticleSource(cloud: cloud), profiles: ServiceProfileSource(service: profiles),
    sync: DownloadSyncSource { ProgressDownload() }, gallery: LoaderGallerySource(makeLoader: makeLoader))
}
