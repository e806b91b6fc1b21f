import DoesNotCompile
import Testing

@Suite struct DoesNotCompileTests {
  @Test("The answer is 42") func answer() { #expect(DoesNotCompile.answer() == 42) }
}
