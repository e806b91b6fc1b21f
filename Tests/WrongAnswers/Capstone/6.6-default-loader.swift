// Wrong answer to exercise 6.6 · default-loader
// Mistake: "The gallery's loader only needs the delegate; its plan is the loader's business."
// Anti-pattern: shared-cloud
// Failure says: build LoaderGallerySource with the `makeLoader` passed in

import LegacyKit

/// The live dashboard's sources: the four legacy services, each behind its adapter.
public func liveDashboardSources(
  cloud: ArticleCloud, profiles: UserProfileService, makeDownload: @escaping @Sendable () -> ProgressDownload,
  makeLoader: @escaping @Sendable (any ImageBatchLoaderDelegate) -> ImageBatchLoader
) -> DashboardSources? {
  DashboardSources(
    articles: CloudArticleSource(cloud: cloud), profiles: ServiceProfileSource(service: profiles),
    sync: DownloadSyncSource(makeDownload: makeDownload),
    gallery: LoaderGallerySource { ImageBatchLoader(delegate: $0) })
}
