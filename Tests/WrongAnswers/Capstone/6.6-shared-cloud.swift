// Wrong answer to exercise 6.6 · shared-cloud
// Mistake: "CloudArticleSource defaults to `.shared`, which is the cloud production uses anyway."
// Anti-pattern: shared-cloud
// Failure says: not the given cloud's: build CloudArticleSource over the `cloud` passed in

import LegacyKit

/// The live dashboard's sources: the four legacy services, each behind its adapter.
public func liveDashboardSources(
  cloud: ArticleCloud, profiles: UserProfileService, makeDownload: @escaping @Sendable () -> ProgressDownload,
  makeLoader: @escaping @Sendable (any ImageBatchLoaderDelegate) -> ImageBatchLoader
) -> DashboardSources? {
  DashboardSources(
    articles: CloudArticleSource(), profiles: ServiceProfileSource(service: profiles),
    sync: DownloadSyncSource(makeDownload: makeDownload), gallery: LoaderGallerySource(makeLoader: makeLoader))
}
