import MutatedSubjects
import Testing

/// A learner's suite that catches one mutant, lets one through, and is crashed and hung by two others.
@Suite struct Ex9_9_MutatedTests {
  @Test func doublesTwo() {
    #expect(double(2) == 4)
  }
}
