// Exercise 10.2 · Cleanup in a main-actor deinit
// Grade 2 (practice) · Lesson: Docs/10-legacy-code-that-does-not-cooperate.md#cleanup-in-a-main-actor-deinit
// Check it: swift run course check 10.2   (or: swift test --filter UncooperativeLegacyTests.Ex10_2_MainActorDeinitTests)
//
// TODO: the header's rules, each with its ids.

import CourseCatalog
import LegacyKit
