import Locking

/// A legacy downloader whose requests can be cancelled, like a `URLSessionTask`.
///
/// Cancelling a request stops its reply; depending on ``cancelBehavior`` the
/// completion is then called once with ``LegacyError/cancelled`` (as URLSession does)
/// or never (as some SDKs do). The downloader itself never calls a completion twice.
public final class ImageDownloader: Sendable {
  /// What cancelling a request does to its completion handler.
  public enum CancelBehavior: Sendable {
    /// The completion is called with ``LegacyError/cancelled``.
    case callsBackWithError
    /// The completion is never called.
    case staysSilent
  }

  /// Behind ``download(id:completion:)``: the image's id in, the thumbnail out.
  public let endpoint = Endpoint<Int, Thumbnail> { id in
    Script.succeed(Thumbnail(articleID: id)).after(0.05).fromBackground
  }

  private let state = Locked(
    (
      behavior: CancelBehavior.callsBackWithError, tasks: [DownloadTask](),
      whileStarting: (@Sendable (DownloadTask) -> Void)?.none
    ))

  /// A downloader that answers after 50 ms from a background thread, until scripted otherwise.
  public init() {}

  /// What cancelling does to a request's completion.
  public var cancelBehavior: CancelBehavior {
    get { state.withLock { $0.behavior } }
    set { state.withLock { $0.behavior = newValue } }
  }

  /// Called inside ``download(id:completion:)``, once the download has started and before its task is returned.
  ///
  /// Tests cancel the awaiting task from here: the one moment an adapter has started a
  /// download but does not hold its task yet, forced open instead of hoped for.
  public var whileStarting: (@Sendable (DownloadTask) -> Void)? {
    get { state.withLock { $0.whileStarting } }
    set { state.withLock { $0.whileStarting = newValue } }
  }

  /// Every task started so far, in order.
  public var tasks: [DownloadTask] {
    state.withLock { $0.tasks }
  }

  /// Starts downloading the image `id`; `completion` is called at most once.
  @discardableResult
  public func download(id: Int, completion: @escaping @Sendable (Result<Thumbnail, any Error>) -> Void) -> DownloadTask
  {
    let task = DownloadTask(id: id, behavior: cancelBehavior, completion: completion)
    state.withLock { $0.tasks.append(task) }
    endpoint.call(id) { reply in
      switch reply {
      case .value(let thumbnail): task.finish(.success(thumbnail))
      case .error(let error), .both(_, let error): task.finish(.failure(error))
      case .neither: task.finish(.failure(NeitherValueNorError()))
      }
    }
    state.withLock { $0.whileStarting }?(task)
    return task
  }
}

/// One running download; cancel it to stop it.
public final class DownloadTask: Sendable {
  /// The id of the image being downloaded.
  public let id: Int
  private let behavior: ImageDownloader.CancelBehavior
  private let state:
    Locked<(completion: (@Sendable (Result<Thumbnail, any Error>) -> Void)?, cancelled: Bool, called: Bool)>

  init(
    id: Int, behavior: ImageDownloader.CancelBehavior,
    completion: @escaping @Sendable (Result<Thumbnail, any Error>) -> Void
  ) {
    self.id = id
    self.behavior = behavior
    state = Locked((completion, false, false))
  }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool {
    state.withLock { $0.cancelled }
  }

  /// Whether the completion has been called, with the reply or with ``LegacyError/cancelled``.
  ///
  /// Tests read it to tell a reply that reached the adapter from one a silent cancel swallowed.
  public var completionCalled: Bool {
    state.withLock { $0.called }
  }

  /// Stops the download; the completion gets ``LegacyError/cancelled``, or nothing, per the downloader's behaviour.
  public func cancel() {
    let completion = state.withLock { state in
      state.cancelled = true
      let completion = state.completion.take()
      if completion != nil, behavior == .callsBackWithError { state.called = true }
      return completion
    }
    if behavior == .callsBackWithError { completion?(.failure(LegacyError.cancelled)) }
  }

  func finish(_ result: Result<Thumbnail, any Error>) {
    state.withLock { state in
      let completion = state.completion.take()
      if completion != nil { state.called = true }
      return completion
    }?(result)
  }
}
