// Exercise 10.4 · Observers become a stream · solution

import LegacyKit
