// Exercise 10.1 · A timeout around a call that ignores cancellation · solution

import LegacyKit
