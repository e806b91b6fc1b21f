// Exercise 10.5 · Keep the source alive until it answers
// Grade 2 (practice) · Lesson: Docs/10-legacy-code-that-does-not-cooperate.md#keep-the-source-alive-until-it-answers
// Check it: swift run course check 10.5   (or: swift test --filter UncooperativeLegacyTests.Ex10_5_KeptAliveTests)
//
// TODO: the header's rules, each with its ids.

import CourseCatalog
import LegacyKit
