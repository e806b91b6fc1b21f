import Foundation
import PromiseKitLite

// The PromiseKitLite benchmark: run it in release mode, `swift run -c release PromiseBenchmarks`.
//
// Every workload runs several times and reports its median; promise workloads are
// also reported as a ratio to a raw GCD reference measured in the same process,
// so figures from different machines can be compared by their ratios.

// A command-line benchmark blocks its main thread in `wait()` on purpose (no handler here needs
// the main queue), so the library's warning about that would only add noise, and time, to the runs.
conf.logHandler = { event in
  if case .waitOnMainThread = event { return }
  print(event)
}

let arguments = CommandLine.arguments.dropFirst()
let runs = Int(arguments.first ?? "") ?? 5
let links = 1_000_000

print("PromiseKitLite benchmark: median of \(runs) runs each, after a warm-up (release build expected)")
print()

let floor = Measure.median(runs: runs) { Workloads.gcdFloor(links: links) }
print(row("GCD floor: 1,000,000 dependent async hops", floor, reference: nil))

var chainResult = 0
let chain = Measure.median(runs: runs) { chainResult = Workloads.mapChain(links: links) }
precondition(chainResult == links, "the chain computed \(chainResult), expected \(links)")
print(row("1,000,000-link map chain on a pending promise", chain, reference: floor))
let chainPeak = Measure.peakMegabytes
print("  peak memory after the chain: \(format(chainPeak, digits: 0)) MB")

let pending = Measure.median(runs: runs) { Workloads.pendingPromises(count: 10_000) }
print(row("10,000 pending promises fulfilled from a concurrent queue", pending, reference: nil))

let iterations = 10_000
for blocks in 1...3 {
  let gcd = Measure.median(runs: runs) { Workloads.gcdBlocks(blocks: blocks, iterations: iterations) }
  let promise = Measure.median(runs: runs) { Workloads.blockChains(blocks: blocks, iterations: iterations) }
  let perIteration = promise / Double(iterations) * 1e6
  print(
    row("\(blocks)-block chain x \(iterations) (\(format(perIteration, digits: 2)) µs each)", promise, reference: gcd))
}
print()
print("peak memory of the whole run: \(format(Measure.peakMegabytes, digits: 0)) MB")

func row(_ name: String, _ seconds: Double, reference: Double?) -> String {
  var line = name.padding(toLength: 64, withPad: " ", startingAt: 0) + format(seconds, digits: 3) + " s"
  if let reference { line += "   \(format(seconds / reference, digits: 2))x the GCD reference" }
  return line
}

func format(_ value: Double, digits: Int) -> String {
  String(format: "%.\(digits)f", value)
}
