import Foundation
import HummingbirdTesting
import NIOCore
import Testing
import WebSupport
import WebTestSupport

/// Opens an event stream on a new connection; its status (the head read, the body left open).
func openEventStream(port: Int) async throws -> (RawConnection, Int) {
    let connection = try RawConnection(port: port)
    try connection.send("GET /api/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n")
    return (connection, try await connection.readResponse(bodyExpected: false).status)
}

@Suite("Event-stream places", .timeLimit(.minutes(2)))
struct EventStreamPlaceTests {
    @Test("With nothing changing, the places of closed streams come back at once: 256 of 300 open, all closed, and the next stream is 200")
    func placesComeBackWhenStreamsClose() async throws {
        try await withApp(setup: .live) { client, _ in
            let port = try #require(client.port)
            var open: [RawConnection] = []
            var refused = 0
            for _ in 0..<300 {
                let (connection, status) = try await openEventStream(port: port)
                if status == 200 { open.append(connection) } else if status == 429 { refused += 1 }
            }
            #expect(open.count == 256)
            #expect(refused == 44)
            for connection in open { connection.close() }
            // Each closed connection is noticed as it closes; a second is the bound the issue sets.
            let deadline = Date().addingTimeInterval(1)
            var status = 0
            var next: RawConnection?
            repeat {
                (next, status) = try await openEventStream(port: port)
            } while status != 200 && Date() < deadline
            #expect(status == 200)
            next?.close()
        }
    }

    @Test("A stream with nothing to say sends a heartbeat comment at the configured interval")
    func heartbeat() async throws {
        try await withApp(setup: .live, timeouts: ConnectionTimeouts(eventStreamHeartbeat: .milliseconds(200))) { client, _ in
            let (connection, status) = try await openEventStream(port: try #require(client.port))
            #expect(status == 200)
            #expect(await connection.read(until: "retry: 2000\n\n"))
            #expect(await connection.read(until: ": heartbeat\n\n", timeout: 5))
        }
    }
}
