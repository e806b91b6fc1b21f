import CourseCatalog
import CourseKit
import Foundation
import Testing

/// Records the child's fate in words, unless it finished: the lesson's sentence first when the observation
/// supports one, then what the kit saw, with the runtime's own words.
///
/// A message names a cause only when the child's output shows it: `ifTrappedInCall` is shown only when
/// the child trapped, with no message from the runtime, inside a delegate call that a ``MarkingDelegate``
/// saw start on a queue and never return; `ifHung` only when the scenario never finished.
func expectFinished(
  _ child: ExitTest.Result?, _ what: String,
  ifTrappedInCall: ((_ queue: String) -> String)? = nil, ifHung: String? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let verdict = ResumeProbe.verdict(of: child)
  let errorOutput = child.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
  switch verdict {
  case .crashed(let words):
    // A trap with words of its own (a force unwrap, a second resume) is reported in those words alone.
    guard let ifTrappedInCall, words.hasPrefix("it trapped"),
      let queue = DelegateCallMarks.unreturnedCall(in: errorOutput)
    else { break }
    Issue.record(
      Comment(
        rawValue: AntiPattern.adding(
          "(\(what) trapped inside imageLoader(_:didLoadBatch:), called on the \(queue) queue, before it returned. The runtime said: \(words))",
          to: ifTrappedInCall(queue))
      ),
      sourceLocation: sourceLocation)
    return
  case .neverResumed:
    guard let ifHung else { break }
    Issue.record(
      Comment(rawValue: AntiPattern.adding("(\(ResumeProbe.explain(verdict, what) ?? ""))", to: ifHung)),
      sourceLocation: sourceLocation)
    return
  default:
    break
  }
  ResumeProbe.expectExactlyOnce(child, what, sourceLocation: sourceLocation)
}
