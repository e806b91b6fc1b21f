import Hangs
import Testing

@Suite struct HangsTests {
  @Test("The answer is 42") func answer() { #expect(Hangs.answer() == 42) }
}
