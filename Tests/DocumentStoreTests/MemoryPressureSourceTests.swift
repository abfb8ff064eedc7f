import DocumentStore
import Foundation
import Testing
import TestSupport

@Suite("Memory-pressure sources")
struct MemoryPressureSourceTests {
    @Test("pressure-stall text parses to the some and full avg10 figures")
    func parsePressureStall() {
        let text = """
        some avg10=12.50 avg60=3.00 avg300=1.00 total=123456
        full avg10=4.25 avg60=1.00 avg300=0.50 total=65432
        """
        let figures = PressureStallMemorySource.parse(text)
        #expect(figures?.some == 12.5)
        #expect(figures?.full == 4.25)
        #expect(PressureStallMemorySource.parse("nonsense") == nil)
        #expect(PressureStallMemorySource.parse("") == nil)
    }

    @Test("the pressure-stall source reports an episode once, re-arms when it calms, and escalates to critical")
    func pressureStallEpisodes() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("memory")
            func set(_ some: Double, _ full: Double) throws {
                try Data("some avg10=\(some) avg60=0 avg300=0 total=1\nfull avg10=\(full) avg60=0 avg300=0 total=1\n".utf8).write(to: file)
            }
            try set(0, 0)
            let clock = TestClock()
            let source = PressureStallMemorySource(path: file.path, interval: .seconds(2), warningPercent: 10, criticalPercent: 5, clock: clock)
            var events = source.events().makeAsyncIterator()
            // Each step: wait until the source sleeps after a reading, change the file, wake it.
            func poll(_ some: Double, _ full: Double) async throws {
                await clock.waitForSleepers()
                try set(some, full)
                clock.advance(by: .seconds(2))
            }
            try await poll(20, 0)
            #expect(await events.next()?.level == .warning)
            try await poll(25, 0)  // still high: no second event (it would come out below)
            try await poll(0, 0)   // calm: re-armed
            try await poll(30, 9)
            let event = await events.next()
            #expect(event?.level == .critical)
            #expect(event?.detail.contains("full avg10=9.0") == true)
        }
    }

    @Test("the cgroup source reports when memory.events counters rise")
    func cgroupEvents() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("memory.events")
            func set(high: Int, oom: Int) throws {
                try Data("low 0\nhigh \(high)\nmax 0\noom \(oom)\noom_kill 0\n".utf8).write(to: file)
            }
            try set(high: 3, oom: 0)
            #expect(CgroupMemoryEventsSource.parse("low 0\nhigh 3\n") == ["low": 0, "high": 3])
            #expect(CgroupMemoryEventsSource.isAvailable(path: file.path))
            let clock = TestClock()
            let source = CgroupMemoryEventsSource(path: file.path, interval: .seconds(2), clock: clock)
            var events = source.events().makeAsyncIterator()
            await clock.waitForSleepers()  // the first reading is taken
            try set(high: 4, oom: 0)
            clock.advance(by: .seconds(2))
            let warning = await events.next()
            #expect(warning?.level == .warning)
            #expect(warning?.detail == "memory.events high 3 → 4")
            await clock.waitForSleepers()
            try set(high: 4, oom: 1)
            clock.advance(by: .seconds(2))
            let critical = await events.next()
            #expect(critical?.level == .critical)
            #expect(critical?.detail == "memory.events oom 0 → 1")
        }
    }

    @Test("a missing pressure file is not available and its source simply stays quiet")
    func missingFile() async throws {
        #expect(!PressureStallMemorySource.isAvailable(path: "/nonexistent/pressure"))
        #expect(!CgroupMemoryEventsSource.isAvailable(path: "/nonexistent/memory.events"))
        let clock = TestClock()
        let source = PressureStallMemorySource(path: "/nonexistent/pressure", interval: .seconds(2), clock: clock)
        let task = Task { await source.events().first { _ in true } }
        for _ in 0..<3 {  // three readings of the missing file
            await clock.waitForSleepers()
            clock.advance(by: .seconds(2))
        }
        await clock.waitForSleepers()
        task.cancel()
        #expect(await task.value == nil)
    }
}
