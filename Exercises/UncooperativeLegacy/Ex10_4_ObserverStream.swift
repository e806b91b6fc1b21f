// Exercise 10.4 · Observers become a stream
// Grade 2 (practice) · Lesson: Docs/10-legacy-code-that-does-not-cooperate.md#observers-become-a-stream
// Check it: swift run course check 10.4   (or: swift test --filter UncooperativeLegacyTests.Ex10_4_ObserverStreamTests)
//
// TODO: the header's rules, each with its ids.

import CourseCatalog
import LegacyKit
