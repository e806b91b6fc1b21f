// Exercise 10.2 · Cleanup in a main-actor deinit · solution

import LegacyKit
