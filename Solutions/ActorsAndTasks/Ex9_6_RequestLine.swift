// Exercise 9.6 · A cancellation that comes first · solution

/// Requests sent one at a time, in the order they were made, over a transport that takes one at once.
public actor RequestLine {
  private let send: @Sendable (String) async throws -> String
  private var sending = false
  private var waiting: [(ticket: Int, turn: CheckedContinuation<Void, any Error>)] = []
  private var tickets = 0

  /// A line in front of `send`.
  public init(send: @escaping @Sendable (String) async throws -> String) {
    self.send = send
  }

  /// Sends `path` when its turn comes, and returns the answer.
  public func request(_ path: String) async throws -> String {
    try await takeTurn()
    defer { passTurn() }
    try Task.checkCancellation()  // cancelled just as its turn came: still never sent
    // Awaited in this task, so a cancel mid-flight reaches `send` (and its source) by itself.
    return try await send(path)
  }

  private func takeTurn() async throws {
    try Task.checkCancellation()  // already cancelled: it never queues, never sends
    guard sending else {
      sending = true
      return
    }
    tickets += 1
    let ticket = tickets
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { turn in
        waiting.append((ticket, turn))
      }
    } onCancel: {
      // Runs on the canceller's thread, perhaps before the ticket is in line: the actor takes this
      // hop only once the call that queues the ticket has suspended, so the ticket is there.
      Task { await self.leaveLine(ticket) }
    }
  }

  private func leaveLine(_ ticket: Int) {
    guard let place = waiting.firstIndex(where: { $0.ticket == ticket }) else { return }
    waiting.remove(at: place).turn.resume(throwing: CancellationError())
  }

  private func passTurn() {
    if waiting.isEmpty {
      sending = false
    } else {
      waiting.removeFirst().turn.resume()
    }
  }
}
