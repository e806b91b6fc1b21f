import CourseCatalog
import CourseKit
import Foundation
import LegacyKit
import Testing
import UncooperativeLegacy
import UncooperativeLegacyReference

/// The list reads the model in the same call that tells it of a change, as the SDK documents: every
/// check of what it read happens inside one job of the main queue, where a `Task { @MainActor in }` or a
/// `DispatchQueue.main.async` started by the model cannot have run yet. A model that reads an index it
/// does not have traps, so the checks that read rows run in a child process.
@Suite("10.3 The same turn of the main queue", .exercise("10.3"))
struct Ex10_3_SameTurnTests {
  /// Two deliveries from the server, as an inbox meets them.
  static let first = [LegacyListItem(id: 1, title: "Lunch?"), LegacyListItem(id: 2, title: "Re: invoice")]
  static let second = [LegacyListItem(id: 3, title: "Standup moved to 10:30")]

  /// What the list drew, in words.
  static func rows(_ titles: [String]) -> String {
    titles.isEmpty ? "no rows" : "\(titles.count) row\(titles.count == 1 ? "" : "s") \(titles)"
  }

  @Test("Before any message, the list draws no rows, and `messages` stays main-actor state the compiler checks")
  @MainActor
  func emptyAndChecked() throws {
    let model = UncooperativeLegacy.InboxModel()
    let list = LegacyListView()
    list.dataSource = model
    list.reloadData()
    #expect(
      list.drawnTitles.isEmpty,
      "Before any message arrived, the list read \(Self.rows(list.drawnTitles)) from the model: an inbox with no messages has no rows. [wrong-rows]"
    )
    withExtendedLifetime(model) {}
    let code = ExerciseSource.code(of: "10.3") ?? ""
    let hatches = [
      ("nonisolated(unsafe)", "storage that any thread may read and write, with no check"),
      ("@unchecked Sendable", "a class the compiler takes on trust, whose `var`s any thread may touch"),
    ]
    for (hatch, hides) in hatches where code.contains(hatch) {
      Issue.record(
        "`\(hatch)` is in the file: it makes the compiler stop checking `messages`, and hides \(hides). Keep `messages` in the `@MainActor` model, and reach it from the callbacks with `MainActor.assumeIsolated`, which checks at run time what the SDK documents. [unchecked-state]"
      )
    }
  }

  @Test(
    "What the list reads in the same turn as it announces new messages is the new data, proved in a child process"
  )
  func sameTurn() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 5) {
          let model = await UncooperativeLegacy.InboxModel()
          // One job of the main queue, as the SDK's callbacks run: nothing the model defers runs inside it.
          let drawn: [[String]] = await MainActor.run {
            let list = LegacyListView()
            list.dataSource = model
            list.receive(Self.first)
            let afterFirst = list.drawnTitles
            list.receive(Self.second)
            return [afterFirst, list.drawnTitles]
          }
          // The next turns: whatever the model deferred has run by now.
          await MainActor.run {}
          await MainActor.run {}
          let later = await model.messages.map(\.title)
          let expected = [Self.first.map(\.title), (Self.first + Self.second).map(\.title)]
          for (index, delivery) in [Self.first, Self.second].enumerated() where drawn[index] != expected[index] {
            let told = "The list was told of \(delivery.count) new message\(delivery.count == 1 ? "" : "s") \(delivery)"
            let before = index == 0 ? [] : expected[index - 1]
            if drawn[index] == before {
              throw ResumeProbe.ProbeFailure(
                "\(told) and, in the same turn of the main queue, read \(Self.rows(drawn[index])): the rows from before the change. \(later.count >= expected[1].count ? "The model changed `messages` later, once the turn had ended and the list had drawn (`messages` held \(later.count) messages a turn afterwards): a `Task { @MainActor in }` or `DispatchQueue.main.async` runs only after the job that started it." : "The model had not changed `messages` when the list read it.") Change `messages` in the callback itself, synchronously, with `MainActor.assumeIsolated`: the SDK calls on the main thread, and reads at once. [deferred-update]"
              )
            }
            throw ResumeProbe.ProbeFailure(
              "\(told) and, in the same turn of the main queue, read \(Self.rows(drawn[index])), where the messages received so far are \(Self.rows(expected[index])): one row per message, oldest first, each showing its title. [wrong-rows]"
            )
          }
          withExtendedLifetime(model) {}
        }
      }
    }
    Generated.expectInChild(
      child, "InboxModel, read by the list in the turn that announced new messages", trapWords: ["Index out of range"],
      ifTrappedInCall:
        "The list crashed the process as it read the rows it had just been told about: the model said how many rows there were, and a row it titled was not in `messages` yet. The count and the messages are one state, changed together, in the callback itself. [deferred-update]"
    )
  }

  /// Messages with ids that need not ascend, nor differ (the SDK's ids are its own), and titles that
  /// repeat now and then.
  static let messages = Gen.element(
    of: (1...9).flatMap { id in
      ["Lunch?", "Re: invoice", "Standup", "Re: Lunch?", ""].map { LegacyListItem(id: id, title: $0) }
    })

  /// Deliveries of 0 to 4 messages each, some empty, and now and then a page of 30 to 60.
  static let deliveries = Gen<[LegacyListItem]>.oneOf([messages.array(count: 0...4), messages.array(count: 30...60)])
    .array(count: 1...4)

  /// The rows `model` drew after each of `deliveries`, all in one turn of the main queue.
  @MainActor
  static func drawn(by model: any LegacyListDataSource, _ deliveries: [[LegacyListItem]]) -> [[String]] {
    let list = LegacyListView()
    list.dataSource = model
    list.reloadData()
    var drawn = [list.drawnTitles]
    for delivery in deliveries {
      list.receive(delivery)
      drawn.append(list.drawnTitles)
    }
    return drawn
  }

  @Test(
    "On generated deliveries (empty ones, pages of up to 60, ids in any order and repeated, titles repeated), the list draws what the reference draws"
  )
  func generatedDeliveries() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 30) {
          let failure = await Generated.check(Self.deliveries, describe: { "the deliveries \($0)" }) { deliveries in
            let (mine, reference) = await MainActor.run {
              let mine = UncooperativeLegacy.InboxModel()
              let reference = UncooperativeLegacyReference.InboxModel()
              return (Self.drawn(by: mine, deliveries), Self.drawn(by: reference, deliveries))
            }
            guard mine != reference else { return nil }
            return
              "the list drew \(mine.map(Self.rows)) (before the first delivery, then after each), where the messages received so far make \(reference.map(Self.rows)): in the turn that announces them, the list reads every message received so far, one row each, oldest first. [deferred-update] [wrong-rows]"
          }
          if let failure { throw Generated.probeFailure(failure) }
        }
      }
    }
    Generated.expectInChild(
      child, "InboxModel on generated deliveries", trapWords: ["Index out of range"],
      ifTrappedInCall:
        "The list crashed the process as it read the rows it had just been told about: a row it asked for was not in `messages` yet. The count and the messages are one state, changed together, in the callback itself. [deferred-update]"
    )
  }

  @Test(
    "Called off the main thread by a release of the SDK that breaks its documentation, the model stops the process at once, proved in a child process"
  )
  func offTheMainThread() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 5) {
          let model = await UncooperativeLegacy.InboxModel()
          await MainActor.run {
            let list = LegacyListView()
            list.dataSource = model
            list.receiveOffMainThread(Self.first)
          }
          withExtendedLifetime(model) {}
        }
      }
    }
    let verdict = ResumeProbe.verdict(of: child)
    let output = child.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    switch verdict {
    case .crashed where !output.contains("Index out of range"):
      return  // the check stopped the process, where the promise was broken
    case .exactlyOnce:
      let code = ExerciseSource.code(of: "10.3") ?? ""
      let isolatedConformance =
        code.range(of: #":\s*@MainActor\s+LegacyListDataSource"#, options: .regularExpression) != nil
      Issue.record(
        "Called from a background thread, against the SDK's documentation, the model answered there and the process went on: main-actor state was read and written off the main actor, a data race that nothing reported.\(isolatedConformance ? " An isolated conformance (`@MainActor LegacyListDataSource`) is checked by the compiler where the model is handed to the list, and by nothing when the SDK calls it from another thread." : "") Check the promise where you rely on it: `MainActor.assumeIsolated` stops the process at once on any other thread. [unchecked-hop]"
      )
    default:
      ResumeProbe.expectExactlyOnce(child, "InboxModel, called off the main thread")
    }
  }
}
