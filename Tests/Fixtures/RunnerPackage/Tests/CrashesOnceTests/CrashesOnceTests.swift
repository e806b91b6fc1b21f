import CrashesOnce
import Testing

// One test of several crashes: the runner must name that one, with the runtime's words, and still
// report the others.
@Suite struct CrashesOnceTests {
  @Test("The answer is 42") func answer() { #expect(CrashesOnce.answer() == 42) }

  @Test("A parsed value is an Int") func parses() { #expect(CrashesOnce.parse("forty-two") == 42) }

  @Test("The count is 42") func count() { #expect(CrashesOnce.count() == 42, "Off by one: count from one, not zero.") }

  @Test("The answer is still 42") func answerAgain() { #expect(CrashesOnce.answer() == 42) }
}
