import LegacyKit

/// The delegates of topic 5, drawn: what an image loader delivers, load after load, with what a test
/// author tends to leave out (a second load, which delivers the same images again; no batch, empty
/// batches, batches of every size).
extension Gen where Value == [ImageBatchLoader.Plan] {
  /// One to three loads, one after another, each delivering no batch to four, back to back, of none to
  /// three images: a loader names its images by batch and place ("batch-0-image-1"), so a later load
  /// delivers the same images again.
  public static var imageLoads: Gen<[ImageBatchLoader.Plan]> {
    Gen<ImageBatchLoader.Plan> { choices in
      let batches = Int(choices.draw(below: 5))
      return ImageBatchLoader.Plan(batches: batches, imagesPerBatch: Int(choices.draw(below: 4)), interval: 0)
    }
    .array(count: 1...3)
  }
}

extension Said {
  /// Loads in words: "a load of 2 batches of 3 images, then one of 1 batch of 0 images".
  public static func imageLoads(_ loads: [ImageBatchLoader.Plan]) -> String {
    let said = loads.map { plan in
      "\(plan.batches) batch\(plan.batches == 1 ? "" : "es") of \(plan.imagesPerBatch) image\(plan.imagesPerBatch == 1 ? "" : "s")"
    }
    return "a load of " + said.joined(separator: ", then one of ")
  }

  /// Images by name, the long lists by their count and ends.
  public static func imageNames(_ images: [UIImage]) -> String {
    if images.count <= 8 { return "[\(images.map(\.description).joined(separator: ", "))]" }
    return "\(count(images.count)) images (\(images[0].description) to \(images[images.count - 1].description))"
  }
}
