// Exercise 10.3 · The same turn of the main queue · solution

import LegacyKit
