// Exercise 10.5 · Keep the source alive until it answers · solution

import LegacyKit
