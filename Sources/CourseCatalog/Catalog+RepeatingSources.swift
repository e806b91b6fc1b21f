extension Catalog {
  /// Topic 4: AsyncStream for sources that emit more than once.
  static let repeatingSources = Topic(
    number: 4, module: "RepeatingSources", title: "AsyncStream for repeating sources",
    lessonFile: "04-repeating-sources.md",
    exercises: [
      Exercise(
        id: "4.1", title: "Progress callbacks to AsyncStream", grade: .warmUp, points: 10,
        name: "Ex4_1_ProgressStream", lessonAnchor: "from-callbacks-to-a-stream",
        hints: [
          "`AsyncStream { continuation in ... }` runs its closure at once: start the download there.",
          "Yield each progress value; call `finish()` in the completion, or the consumer's loop never ends.",
          "`continuation.onTermination` runs when the consumer stops, or the stream finishes: cancel the download there.",
        ],
        antiPatterns: [
          AntiPattern(id: "newest-only", "Yield every value, in order"),
          AntiPattern(id: "no-finish", "Call `finish()` in the completion"),
          AntiPattern(id: "start-in-task", "Start the source once, inside the builder closure"),
          AntiPattern(id: "task-per-value", "Yield directly from the callback"),
          AntiPattern(id: "no-cancel", unlisted: "A consumer that stops early leaves the download running"),
        ]),
      Exercise(
        id: "4.2", title: "Termination: stop the source when the consumer stops", grade: .practice, points: 20,
        name: "Ex4_2_Termination", lessonAnchor: "termination",
        hints: [
          "Register with the ticker inside the stream's closure, and keep the token.",
          "`continuation.onTermination = { _ in ticker.unregister(token) }` runs when the consumer breaks, is cancelled, or the stream finishes.",
        ],
        antiPatterns: [
          AntiPattern(id: "register-in-task", "Register with the source when the stream is created"),
          AntiPattern(id: "defer-unregister", "A `defer` in the builder closure runs when the builder returns"),
          AntiPattern(id: "no-on-termination", "Unregister in `onTermination`"),
          AntiPattern(id: "placeholder-price", "Yield only what this stream asked for"),
        ]),
      Exercise(
        id: "4.3", title: "A source that can fail: AsyncThrowingStream", grade: .practice, points: 20,
        name: "Ex4_3_FailingStream", lessonAnchor: "a-source-that-can-fail",
        hints: [
          "`AsyncThrowingStream<String, any Error> { continuation in ... }`; yield each message.",
          "`onClose` gives an optional error: `continuation.finish(throwing: error)` ends the stream either way.",
          "Disconnect in `onTermination`, so a consumer that stops early leaves nothing connected.",
        ],
        antiPatterns: [
          AntiPattern(id: "invented-error", "A clean close ends the stream without an error"),
          AntiPattern(id: "plain-finish", "On an error, the values before it must arrive"),
          AntiPattern(id: "no-disconnect", "A consumer that stops early must leave nothing connected"),
          AntiPattern(id: "newest-only", "A consumer that reads late still gets every message"),
          AntiPattern(id: "other-error", unlisted: "Throws an error other than the socket's own"),
          AntiPattern(id: "late-connect", unlisted: "Does not connect the socket once, when the stream is made"),
          AntiPattern(id: "no-yield", unlisted: "Does not yield the messages the socket delivers"),
        ]),
      Exercise(
        id: "4.4", title: "Buffering: the newest value, or every value", grade: .challenge, points: 30,
        name: "Ex4_4_Buffering", lessonAnchor: "buffering",
        hints: [
          "Both streams look alike; only the buffering policy differs: `AsyncStream(bufferingPolicy: ...) { ... }`.",
          "A progress bar only needs the newest value: `.bufferingNewest(1)`. An audit trail needs every one: `.unbounded`.",
        ],
        antiPatterns: [
          AntiPattern(id: "ui-unbounded", "The price label, reading late, must see the newest price"),
          AntiPattern(id: "audit-newest-bounded", "The audit trail, reading late, must still get every price"),
          AntiPattern(id: "ui-no-unregister", "Both streams still unregister in `onTermination`"),
          AntiPattern(
            id: "cached-label-stream", "Each call returns a stream of its own",
            // A stream kept to be handed out again is never let go, so letting it go never unregisters it.
            implies: ["ui-no-unregister"]),
          AntiPattern(
            id: "unfolding-audit", "A stream whose `next()` waits for the ticker's next price",
            // An unfolding stream's cancel handler hears nothing of a `break`, nor of a stream let go.
            implies: ["ui-no-unregister"]),
        ]),
      Exercise(
        id: "4.5", title: "Why not a continuation", grade: .challenge, points: 30,
        name: "Ex4_5_WhyNotAContinuation", lessonAnchor: "why-not-a-continuation",
        hints: [
          "A continuation resumes once; the socket calls back once per message. Delete the continuation.",
          "Connect inside the stream's closure: yield from `onMessage`, finish from `onClose`, disconnect in `onTermination`.",
        ],
        kind: .review,
        antiPatterns: [
          AntiPattern(
            id: "didresume-flag", "Every message arrives, in order, and the stream ends when the socket closes"),
          AntiPattern(
            id: "continuation-per-message", "No `withCheckedContinuation` and no `Task` inside the stream's builder"),
          AntiPattern(id: "no-disconnect", "A consumer that stops early disconnects the socket"),
        ]),
      Exercise(
        id: "4.6", title: "Many listeners: a broadcaster", grade: .interviewHard, points: 40,
        name: "Ex4_6_Broadcaster", lessonAnchor: "many-listeners",
        hints: [
          "An AsyncStream has one consumer: give each subscriber its own stream with `AsyncStream.makeStream(of:)`.",
          "Keep the subscribers' continuations in a `Locked` dictionary; register with the ticker for the first one, unregister after the last.",
          "Remove a subscriber in its stream's `onTermination`; yield outside the lock, to a snapshot of the continuations.",
        ],
        raceTests: ["subscribersFromTwoThreads()"],
        antiPatterns: [
          AntiPattern(id: "shared-stream", "Every subscriber gets every price published after `subscribe()` returns"),
          AntiPattern(id: "task-per-yield", "Prices published back to back reach every subscriber in order"),
          AntiPattern(id: "register-per-subscriber", "Share one ticker registration among all subscribers"),
          AntiPattern(id: "never-removes", "A subscriber that stops is removed in its stream's `onTermination`"),
          AntiPattern(id: "strong-listener", "Subscribing and cancelling from 200 tasks at once"),
          AntiPattern(id: "no-deinit", "A broadcaster that goes away ends every subscriber's stream"),
          AntiPattern(id: "unlocked-subscribers", "Keep the subscribers behind the lock"),
          AntiPattern(id: "ignores-cancel", unlisted: "A stream whose iteration ignores its task's cancel"),
          AntiPattern(
            id: "stale-registration", unlisted: "Keeps the old registration after the last subscriber leaves"),
        ]),
      Exercise(
        id: "4.7", title: "Read a stream that can fail: for try await", grade: .practice, points: 20,
        name: "Ex4_7_ReadAFailingStream", lessonAnchor: "reading-a-stream-that-can-fail",
        hints: [
          "Collect the messages in a local array with `for try await`, inside `do { } catch { }`: the `catch` returns `.failed(error)` with the messages read so far.",
          "After the loop, `Task.isCancelled` tells a cancel from a clean close: the loop ends quietly either way.",
        ],
        antiPatterns: [
          AntiPattern(id: "try-optional-loop", "A `for try await` loop inside `try?`"),
          AntiPattern(id: "catch-drops-messages", "The messages before the error stay"),
          AntiPattern(id: "cancel-as-closed", "A cancel is not a clean close"),
          AntiPattern(id: "wrapped-error", "Report the stream's own error"),
          AntiPattern(id: "read-in-task", "Read the stream in the function itself"),
          AntiPattern(id: "lost-messages", unlisted: "Drops, repeats or reorders the stream's messages"),
          AntiPattern(id: "never-returns", unlisted: "Never returns, though the stream has ended or been cancelled"),
          AntiPattern(id: "invented-failure", unlisted: "Reports a failure for a stream that threw nothing"),
        ]),
    ],
    interviewPractice: ["4.5", "4.1", "4.2", "4.3", "4.6", "4.4", "4.2", "4.6", "4.2"])
}
