import Passes
import Testing

@Suite struct PassesTests {
  @Test("The answer is 42") func answer() { #expect(Passes.answer() == 42) }
}
