import NIOCore
import Testing
@testable import WebSupport

@Suite("A request body's deadline: a minimum average rate after a grace, and an end sized to the body")
struct BodyDeadlineTests {
    let start = NIODeadline.uptimeNanoseconds(1_000_000_000)
    let timeouts = ConnectionTimeouts()

    @Test("with few bytes the grace of 10 s holds; each KiB received moves the deadline a second on")
    func averageRate() {
        #expect(timeouts.bodyDeadline(start: start, received: 0, declared: 1_000_000) == start + .seconds(10))
        #expect(timeouts.bodyDeadline(start: start, received: 5_000, declared: 1_000_000) == start + .seconds(10))
        #expect(timeouts.bodyDeadline(start: start, received: 20 * 1024, declared: 1_000_000) == start + .seconds(20))
        #expect(timeouts.bodyDeadline(start: start, received: 1536, declared: nil) == start + .seconds(10))
    }

    @Test("a body however fast must end within 10 s + its declared size at 16 KiB/s; a chunked one as if it were 26 MiB")
    func overallDeadline() {
        let declared = 160 << 10
        #expect(timeouts.bodyDeadline(start: start, received: declared - 1, declared: declared) == start + .seconds(20))
        let chunked = timeouts.bodyDeadline(start: start, received: 26 << 20, declared: nil)
        #expect(chunked == start + .seconds(10) + .seconds(Int64((26 << 20) / (16 << 10))))
    }

    @Test("sizes past any real body never overflow the clock")
    func hugeSizes() {
        let deadline = timeouts.bodyDeadline(start: start, received: Int.max, declared: Int.max)
        #expect(deadline > start + .seconds(1 << 30))
    }
}
