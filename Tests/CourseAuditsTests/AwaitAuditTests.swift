import CourseAudits
import CourseCatalog
import Testing

@Suite("Every await of a graded suite runs under a deadline")
struct AwaitAuditTests {
  /// A suite in the shapes graded tests await: each `bad…` line waits for learner code with no deadline.
  static let suite = """
    @Suite("9.9") struct Ex9_9_Tests {
      func collect(_ stream: AsyncStream<Int>) async throws -> [Int]? {
        try await withDeadline("the loop", ifHung: "It never ended.") {
          var values: [Int] = []
          for await value in stream { values.append(value) }
          return values
        }
      }
      func bare(_ stream: AsyncStream<Int>) async -> [Int] {
        var values: [Int] = []
        for await value in stream { values.append(value) }  // bad: a loop
        return values
      }
      func underADeadline(_ stream: AsyncStream<Int>) async -> Int {
        await learnerCall()  // only ever called under a deadline
      }
      @Test func shapes() async throws {
        _ = try await collect(stream())
        _ = await learnerCall()  // bad: a call
        let consumer = Task { for await _ in stream() {} }
        consumer.cancel()
        await consumer.value  // bad: a task's value
        _ = await bare(stream())  // bad: a helper that does not guard
        _ = try await withDeadline("x") { await underADeadline(stream()) }
        try await chain()
          .finished("The chain")
        async let first = collect(stream())
        _ = try await first
        let note = "await inside a string, \\(1) // and a comment: await"
        // Not the learner's code: LegacyKit's reference always calls back.
        _ = await reference()
      }
    }
    struct FakeSource {
      func latest() async throws -> [Int] { try await Task.sleep(for: .seconds(1)); return await other() }
    }
    """

  @Test("An await of the learner's code outside a deadline is found, in each shape; the guarded ones are not")
  func findsTheUnguarded() {
    let found = AwaitAudit.unguardedAwaits(in: Self.suite)
    let lines = Self.suite.split(separator: "\n", omittingEmptySubsequences: false)
    let expected = lines.indices.filter { lines[$0].contains("// bad:") }.map { $0 + 1 }
    #expect(found.map(\.line) == expected, "\(found.map { "\($0.line): \($0.text)" })")
  }

  @Test("The graded suites pass it: the catalog audit reports any await they add without a deadline")
  func gradedSuitesPass() {
    let problems = CatalogAudit(root: CatalogAuditTests.root).problems().filter {
      $0.contains("awaits with no deadline")
    }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }
}
