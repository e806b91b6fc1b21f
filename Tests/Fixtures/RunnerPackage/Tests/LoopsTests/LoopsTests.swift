import Loops
import Testing

@Suite struct LoopsTests {
  @Test("The answer is 42") func answer() async { #expect(await Loops.answer() == 42) }
}
