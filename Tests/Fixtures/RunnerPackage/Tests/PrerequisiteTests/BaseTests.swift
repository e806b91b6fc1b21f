import Prerequisite
import Testing

@Suite struct BaseTests {
  @Test("The base is 42") func base() { #expect(Prerequisite.base() == 42) }
}
