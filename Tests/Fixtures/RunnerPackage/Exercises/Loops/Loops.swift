/// Never returns: its loop's condition never changes, so it keeps a CPU busy forever.
public func answer() async -> Int {
  var count = 0
  while count >= 0 { count = (count &+ 1) & 0xFFFF }
  return count
}
