import Testing
@testable import ObjectStorage

/// A client's requests beyond its connections wait their turn, first come first served, within
/// their own deadline.
@Suite("Request slots: one per connection, waited for within a deadline")
struct RequestSlotsTests {
    private static let far = ContinuousClock.now + .seconds(60)

    /// Waits until `slots` has `count` requests waiting (each wait is a task of its own).
    private func waitForWaiting(_ slots: RequestSlots, _ count: Int) async throws {
        let limit = ContinuousClock.now + .seconds(10)
        while await slots.counts.waiting != count {
            #expect(ContinuousClock.now < limit, "never \(count) waiting")
            if ContinuousClock.now >= limit { return }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test("up to the limit a slot is taken at once; the next waits, and slots given back go to the waiters in arrival order")
    func firstComeFirstServed() async throws {
        let slots = RequestSlots(limit: 2)
        #expect(await slots.take(until: Self.far))
        #expect(await slots.take(until: Self.far))
        let order = Order()
        let first = Task { let taken = await slots.take(until: Self.far); await order.note("first"); return taken }
        try await waitForWaiting(slots, 1)
        let second = Task { let taken = await slots.take(until: Self.far); await order.note("second"); return taken }
        try await waitForWaiting(slots, 2)
        #expect(await slots.counts == (busy: 2, waiting: 2))
        await slots.give()
        #expect(await first.value)
        #expect(await slots.counts == (busy: 2, waiting: 1))
        await slots.give()
        #expect(await second.value)
        #expect(await order.names == ["first", "second"])
        await slots.give()
        await slots.give()
        #expect(await slots.counts == (busy: 0, waiting: 0))
    }

    @Test("a wait that reaches its deadline gives up without a slot, and the slot given back later is free")
    func deadline() async throws {
        let slots = RequestSlots(limit: 1)
        #expect(await slots.take(until: Self.far))
        let started = ContinuousClock.now
        #expect(await slots.take(until: .now + .milliseconds(200)) == false)
        #expect(ContinuousClock.now - started >= .milliseconds(200))
        #expect(await slots.counts == (busy: 1, waiting: 0))
        #expect(await slots.take(until: .now - .seconds(1)) == false)  // already past: no wait at all
        await slots.give()
        #expect(await slots.counts == (busy: 0, waiting: 0))
        #expect(await slots.take(until: .now))
    }

    @Test("a cancelled wait gives up at once without a slot")
    func cancelled() async throws {
        let slots = RequestSlots(limit: 1)
        #expect(await slots.take(until: Self.far))
        let waiter = Task { await slots.take(until: Self.far) }
        try await waitForWaiting(slots, 1)
        waiter.cancel()
        #expect(await waiter.value == false)
        #expect(await slots.counts == (busy: 1, waiting: 0))
        await slots.give()
        #expect(await slots.counts == (busy: 0, waiting: 0))
    }
}

/// The order tasks reached a point in.
private actor Order {
    var names: [String] = []
    func note(_ name: String) { names.append(name) }
}
