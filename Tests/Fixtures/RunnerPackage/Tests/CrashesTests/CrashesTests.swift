import Crashes
import Testing

@Suite struct CrashesTests {
  @Test("The answer is 42") func answer() async { #expect(await Crashes.answer() == 42) }
}
