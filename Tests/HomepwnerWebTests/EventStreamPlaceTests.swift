import Foundation
import Testing
import WebTestSupport
import TestSupport

@Suite("homepwner serve: event-stream places", .timeLimit(.minutes(2)))
struct EventStreamPlaceTests {
    @Test("With nothing changing, the places of closed streams come back at once: 256 of 300 open, all closed, and the next stream is 200")
    func placesComeBackWhenStreamsClose() async throws {
        try await withTemporaryFolder { folder in
            let server = try await ServedProcess.homepwner(dataDir: folder)
            defer { _ = server.stop() }
            let outcome = try await EventStreamFlood.run(port: server.port, count: 300)
            #expect(outcome.opened == 256)
            #expect(outcome.refused == 44)
            #expect(outcome.afterClosing == 200)
        }
    }
}
