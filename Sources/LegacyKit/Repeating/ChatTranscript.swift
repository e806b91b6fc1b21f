/// How a chat's stream of messages ended, as the chat screen tells its user.
///
/// A stream that ends cleanly, one that breaks and one whose reader was cancelled look alike to a
/// loop that only reads values: the screen needs the difference to say "closed", "connection
/// lost" or nothing at all.
public enum ChatEnding: Sendable {
  /// The stream finished without an error: the other side closed the chat.
  case closed
  /// The stream threw `error`: the connection broke.
  case failed(any Error)
  /// The task reading the stream was cancelled before the stream ended: the screen went away.
  case cancelled
}

/// Every message a chat's stream delivered, in order, and how the stream ended.
public struct ChatTranscript: Sendable {
  /// The messages, in the order the stream delivered them.
  public var messages: [String]
  /// How the stream ended.
  public var ending: ChatEnding

  /// A transcript of `messages` that ended as `ending` says.
  public init(messages: [String], ending: ChatEnding) {
    self.messages = messages
    self.ending = ending
  }
}
