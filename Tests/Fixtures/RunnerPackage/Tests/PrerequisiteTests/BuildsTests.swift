import Prerequisite
import Testing

@Suite struct BuildsTests {
  @Test("What builds on the base is 42") func builds() { #expect(Prerequisite.builds() == 42) }
}
