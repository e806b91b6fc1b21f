// Exercise 10.1 · A timeout around a call that ignores cancellation
// Grade 3 (challenge) · Lesson: Docs/10-legacy-code-that-does-not-cooperate.md#a-timeout-around-a-call-that-ignores-cancellation
// Check it: swift run course check 10.1   (or: swift test --filter UncooperativeLegacyTests.Ex10_1_LegacyTimeoutTests)
//
// TODO: the header's rules, each with its ids.

import CourseCatalog
import LegacyKit
