import LegacyKit

/// The capstone's data, drawn: what the dashboard's four sources answer, with what a test author
/// tends to leave out (a progress that goes back or stops short of 1, batches of every size, images
/// whose names are not in ascending order, profiles of every name, errors of every kind).
extension Gen {
  /// A value of `value`, or an error of every kind (``Gen/anyError``): what an `async throws` call gives.
  public static func outcome<Element: Sendable>(_ value: Gen<Element>) -> Gen<Swift.Result<Element, any Error>>
  where Value == Swift.Result<Element, any Error> {
    Gen<Swift.Result<Element, any Error>> { choices in
      choices.draw(below: 3) == 0
        ? .failure(Gen<any Error>.anyError.draw(&choices)) : .success(value.draw(&choices))
    }
  }
}

extension Gen where Value == UserProfile {
  /// The profile of user `id`, named from a few names: a short one, two words, an accent, an empty one.
  public static func profile(id: Int) -> Gen<UserProfile> {
    Gen<String>.element(of: ["Ada", "Grace Hopper", "Zoë", "", "O'Neil"]).map { UserProfile(id: id, displayName: $0) }
  }

  /// A profile as a service may deliver it to a request for user `id`: that user's, or, as often, another
  /// user's (a delivered profile is returned as it came, whatever its id), named as ``profile(id:)``
  /// names one. `id`'s own when shrinking.
  public static func delivered(toRequestFor id: Int) -> Gen<UserProfile> {
    Gen<UserProfile> { choices in
      let delivered = Gen<Int>.element(of: [id, id + 4, 0]).draw(&choices)
      return profile(id: delivered).draw(&choices)
    }
  }
}

extension Gen where Value == [Double] {
  /// A sync's progress: none, one or many values between 0 and 1 in any order, repeats among them,
  /// ending anywhere (a failed sync stops short of 1).
  public static func progress(count: ClosedRange<Int>) -> Gen<[Double]> {
    Gen<Int>.int(in: 0...10).map { Double($0) / 10 }.array(count: count)
  }
}

extension Gen where Value == [[UIImage]] {
  /// A gallery's batches: none, one or many, each of 0 to `size` images, named `img-<n>` with numbers
  /// in any order and repeats, so that sorting or removing duplicates shows.
  public static func gallery(batches: ClosedRange<Int>, size: Int = 3) -> Gen<[[UIImage]]> {
    Gen<Int>.int(in: 1...9).map { UIImage(name: "img-\($0)") }.array(count: 0...size).array(count: batches)
  }
}

extension Said {
  /// Batches of images by name: `[img-3, img-1], [], [img-2]`, or "no batch".
  public static func gallery(_ batches: [[UIImage]]) -> String {
    batches.isEmpty ? "no batch" : batches.map { images(of: $0) }.joined(separator: ", ")
  }

  /// Images by name: `[img-3, img-1]`.
  public static func images(of images: [UIImage]) -> String {
    "[\(images.map { "\($0)" }.joined(separator: ", "))]"
  }
}

/// What the dashboard's four sources answer to one load.
public struct DashboardAnswers: Sendable {
  public var profile: Swift.Result<UserProfile, any Error>
  public var articles: Swift.Result<[Article], any Error>
  public var sync: [Double]
  public var gallery: [[UIImage]]
}

/// A dashboard's user, and what its sources answer to a load and, sometimes, a reload.
public struct DashboardScenario: Sendable {
  public var userID: Int
  public var loads: [DashboardAnswers]
}

extension Gen where Value == DashboardScenario {
  /// A user from a few ids; one load, or a load and a reload, each answered with drawn data. A
  /// reload's sync reports a value and its gallery delivers a batch: what a reload shows of a sync or
  /// a gallery that sends nothing is left free by 6.1's header.
  public static var dashboard: Gen<DashboardScenario> {
    Gen<DashboardScenario> { choices in
      let userID = Gen<Int>.int(in: 1...9).draw(&choices)
      func answers(reload: Bool) -> DashboardAnswers {
        DashboardAnswers(
          profile: Gen<Swift.Result<UserProfile, any Error>>.outcome(.profile(id: userID)).draw(&choices),
          articles: Gen<Swift.Result<[Article], any Error>>.outcome(Gen<Article>.feed).draw(&choices),
          sync: Gen<[Double]>.progress(count: reload ? 1...5 : 0...5).draw(&choices),
          gallery: Gen<[[UIImage]]>.gallery(batches: reload ? 1...4 : 0...4).draw(&choices))
      }
      let first = answers(reload: false)
      return DashboardScenario(
        userID: userID, loads: Gen<Bool>.bool.draw(&choices) ? [first, answers(reload: true)] : [first])
    }
  }
}

/// A download that a sync runs, and whether its stream is read as the values come or only once it has ended.
public struct SyncScenario: Sendable {
  public var plan: ProgressDownload.Plan
  public var readsLate: Bool

  public init(plan: ProgressDownload.Plan, readsLate: Bool) {
    (self.plan, self.readsLate) = (plan, readsLate)
  }
}

extension Gen where Value == SyncScenario {
  /// A download reporting a few values or a burst of hundreds back to back (in any order, repeats among
  /// them, going back, stopping short of 1), then completing or failing; read at once or late.
  public static var sync: Gen<SyncScenario> {
    Gen<SyncScenario> { choices in
      let progress = Gen<[Double]>.oneOf([.progress(count: 0...6), .progress(count: 0...400)]).draw(&choices)
      let outcome = Gen<Result<Int, LegacyError>>.element(of: [
        .success(4096), .failure(.offline), .failure(.cancelled), .failure(.server(status: 500)),
      ]).draw(&choices)
      return SyncScenario(
        plan: ProgressDownload.Plan(progress: progress, outcome: outcome, interval: 0),
        readsLate: Gen<Bool>.bool.draw(&choices))
    }
  }
}

/// A gallery's loader plan, and whether its stream is read as the batches come or only once it has finished.
public struct GalleryScenario: Sendable {
  public var batches: Int
  public var imagesPerBatch: Int
  public var readsLate: Bool

  public init(batches: Int, imagesPerBatch: Int, readsLate: Bool) {
    (self.batches, self.imagesPerBatch, self.readsLate) = (batches, imagesPerBatch, readsLate)
  }
}

extension Gen where Value == GalleryScenario {
  /// A loader delivering no batch, a few, or a burst of hundreds back to back, of 0 to 3 images each
  /// (an empty batch is a batch); read at once or late.
  public static var galleryLoad: Gen<GalleryScenario> {
    Gen<GalleryScenario> { choices in
      GalleryScenario(
        batches: Gen<Int>.oneOf([.int(in: 0...5), .int(in: 0...400)]).draw(&choices),
        imagesPerBatch: Gen<Int>.int(in: 0...3).draw(&choices), readsLate: Gen<Bool>.bool.draw(&choices))
    }
  }
}
