import DocumentStore
import Testing

@Suite("Mapping at most N at a time")
struct BoundedConcurrencyTests {
    /// Counts the bodies running now, and the most that ever ran at once.
    private actor Running {
        private(set) var now = 0, most = 0
        func begin() { now += 1; most = max(most, now) }
        func end() { now -= 1 }
    }

    private struct Refused: Error {}

    @Test("every item is mapped once, never more than the limit at a time")
    func limit() async throws {
        let running = Running()
        let results = try await concurrentlyMapped(1...50, atMost: 4) { item in
            await running.begin()
            try await Task.sleep(for: .milliseconds(5))
            await running.end()
            return item * 2
        }
        #expect(results.sorted() == (1...50).map { $0 * 2 })
        #expect(await running.most == 4)
    }

    @Test("an error a body throws is what the mapping throws")
    func error() async {
        await #expect(throws: Refused.self) {
            _ = try await concurrentlyMapped(1...10, atMost: 3) { item in
                if item == 5 { throw Refused() }
                return item
            }
        }
    }
}
