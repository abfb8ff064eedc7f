@testable import ScaryCreatures
import Testing
import TestSupport

/// A bucket's watch starts its first pass only after the server's first listings: what it
/// waits on.
@Suite("Listings in flight", .timeLimit(.minutes(4)))
struct ListingsInFlightTests {
    /// A listing counted by `listings` that has begun, and what ends it.
    private func startListing(on listings: ListingsInFlight, then: @escaping @Sendable () -> Void = {}) async -> (Task<Void, Never>, AsyncStream<Void>.Continuation) {
        let (release, releaseContinuation) = AsyncStream<Void>.makeStream()
        let began = Signal()
        let listing = Task {
            await listings.counting {
                began.fire()
                for await _ in release { break }
                then()
            }
        }
        await began.wait()
        return (listing, releaseContinuation)
    }

    @Test("waitUntilNone returns only once every listing being read has ended, and at once when none is")
    func waitsForListings() async throws {
        let listings = ListingsInFlight()
        try await listings.waitUntilNone(atMost: .seconds(30))  // none: returns at once
        let (ended, endedContinuation) = AsyncStream<String>.makeStream()
        let (listing, releaseContinuation) = await startListing(on: listings) { endedContinuation.yield("listing") }
        let waiter = Task {
            try await listings.waitUntilNone(atMost: .seconds(30))
            endedContinuation.yield("wait")
        }
        try await waitUntil { listings.waiting == 1 }
        #expect(listings.count == 1)
        releaseContinuation.yield()
        await listing.value
        try await waiter.value
        endedContinuation.finish()
        var order: [String] = []
        for await event in ended { order.append(event) }
        #expect(order == ["listing", "wait"])
        #expect(listings.count == 0)
        #expect(listings.waiting == 0)
    }

    @Test("waitUntilNone gives up after its limit while a listing goes on")
    func givesUp() async throws {
        let listings = ListingsInFlight()
        let (listing, releaseContinuation) = await startListing(on: listings)
        // Returns although the listing is still being read (it is released only below); a
        // wait without a limit would hang here until the suite's time limit fails the test.
        try await listings.waitUntilNone(atMost: .milliseconds(300))
        #expect(listings.count == 1)
        #expect(listings.waiting == 0)
        releaseContinuation.yield()
        await listing.value
    }

    @Test("a cancelled wait ends at once with CancellationError while a listing goes on")
    func cancelledWait() async throws {
        let listings = ListingsInFlight()
        let (listing, releaseContinuation) = await startListing(on: listings)
        let waiter = Task { try await listings.waitUntilNone(atMost: .seconds(60)) }
        try await waitUntil { listings.waiting == 1 }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(listings.waiting == 0)
        releaseContinuation.yield()
        await listing.value
    }
}
