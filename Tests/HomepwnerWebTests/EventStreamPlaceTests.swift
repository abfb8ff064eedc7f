import Foundation
import Testing
import WebTestSupport
import TestSupport

@Suite("homepwner serve: event-stream places", .timeLimit(.minutes(2)))
struct EventStreamPlaceTests {
    @Test("One client holding every place cannot lock a new page out: of 300 streams all are served, the 44 oldest ended by the server, and after all close the next stream is 200")
    func newStreamEndsTheOldest() async throws {
        try await withTemporaryFolder { folder in
            let server = try await ServedProcess.homepwner(dataDir: folder)
            defer { _ = server.stop() }
            let outcome = try await EventStreamFlood.run(port: server.port, count: 300)
            #expect(outcome.opened == 300)
            #expect(outcome.refused == 0)
            #expect(outcome.endedByServer == Array(0..<44))
            #expect(outcome.afterClosing == 200)
        }
    }
}
