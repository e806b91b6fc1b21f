import Slow
import Testing

@Suite struct SlowTests {
  @Test("The answer is 42, however long the machine takes") func answer() async { #expect(await Slow.answer() == 42) }
}
