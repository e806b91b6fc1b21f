import Fails
import Testing

@Suite struct FailsTests {
  @Test("The answer is 42") func answer() {
    #expect(Fails.answer() == 42, "Off by one: count from one, not zero.")
  }

  @Test("This one passes") func passes() { #expect(Bool(true)) }
}
