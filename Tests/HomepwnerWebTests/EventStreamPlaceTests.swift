import Foundation
import Testing
import WebTestSupport

@Suite("homepwner serve: event-stream places", .timeLimit(.minutes(2)))
struct EventStreamPlaceTests {
    @Test("With nothing changing, the places of closed streams come back at once: 256 of 300 open, all closed, and the next stream is 200")
    func placesComeBackWhenStreamsClose() async throws {
        try await withTemporaryFolder { folder in
            let server = try ServerProcess.start(dataDir: folder)
            defer { _ = server.stop() }
            func openStream() async throws -> (RawConnection, Int) {
                let connection = try RawConnection(port: server.port)
                try connection.send("GET /api/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n")
                return (connection, try await connection.readResponse(bodyExpected: false).status)
            }
            var open: [RawConnection] = []
            var refused = 0
            for _ in 0..<300 {
                let (connection, status) = try await openStream()
                if status == 200 { open.append(connection) } else if status == 429 { refused += 1 }
            }
            #expect(open.count == 256)
            #expect(refused == 44)
            for connection in open { connection.close() }
            let deadline = Date().addingTimeInterval(1)
            var status = 0
            repeat {
                status = try await openStream().1
            } while status != 200 && Date() < deadline
            #expect(status == 200)
        }
    }
}
