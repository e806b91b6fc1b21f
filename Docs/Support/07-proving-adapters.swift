// The invented types of Docs/07-proving-adapters.md and its answers: none so far. The lesson's adapters
// live in Docs/Examples/ProvingAdapters/ and its tests in Tests/LessonExamplesTests/, which the package
// compiles and runs, and the lesson's blocks copy them (`from:`). Nothing here runs;
// `.ci/check-lesson-code` compiles it with the lesson's blocks.

import LegacyKit
import PromiseKitLite
