import Foundation
import HummingbirdTesting
import NIOCore
import Testing
import WebSupport
import WebTestSupport

@Suite("Event-stream places", .timeLimit(.minutes(2)))
struct EventStreamPlaceTests {
    @Test("One client holding every place cannot lock a new page out: of 300 streams all are served, the 44 oldest ended by the server, and after all close the next stream is 200")
    func newStreamEndsTheOldest() async throws {
        try await withApp(setup: .live) { client, _ in
            let outcome = try await EventStreamFlood.run(port: try #require(client.port), count: 300)
            #expect(outcome.opened == 300)
            #expect(outcome.refused == 0)
            #expect(outcome.endedByServer == Array(0..<44))
            // Each closed connection is noticed as it closes; a second is the bound the issue sets.
            #expect(outcome.afterClosing == 200)
        }
    }

    @Test("A stream with nothing to say sends a heartbeat comment at the configured interval")
    func heartbeat() async throws {
        try await withApp(setup: .live, timeouts: ConnectionTimeouts(eventStreamHeartbeat: .milliseconds(200))) { client, _ in
            let (connection, status) = try await EventStreamFlood.open(port: try #require(client.port))
            #expect(status == 200)
            #expect(await connection.read(until: "retry: 2000\n\n"))
            #expect(await connection.read(until: ": heartbeat\n\n", timeout: 5))
        }
    }
}
