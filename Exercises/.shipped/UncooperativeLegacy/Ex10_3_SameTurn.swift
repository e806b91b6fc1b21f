// Exercise 10.3 · The same turn of the main queue
// Grade 2 (practice) · Lesson: Docs/10-legacy-code-that-does-not-cooperate.md#the-same-turn-of-the-main-queue
// Check it: swift run course check 10.3   (or: swift test --filter UncooperativeLegacyTests.Ex10_3_SameTurnTests)
//
// TODO: the header's rules, each with its ids.

import CourseCatalog
import LegacyKit
