// Exercise 6.6 · Wire the live screen, and leave the old one working · solution

import LegacyKit

/// The live dashboard's sources: the four legacy services, each behind its adapter.
public func liveDashboardSources(
  cloud: ArticleCloud, profiles: UserProfileService, makeDownload: @escaping @Sendable () -> ProgressDownload,
  makeLoader: @escaping @Sendable (any ImageBatchLoaderDelegate) -> ImageBatchLoader
) -> DashboardSources? {
  DashboardSources(
    articles: CloudArticleSource(cloud: cloud), profiles: ServiceProfileSource(service: profiles),
    sync: DownloadSyncSource(makeDownload: makeDownload), gallery: LoaderGallerySource(makeLoader: makeLoader))
}
