import Foundation
import Testing
import TestSupport
import WebTestSupport

@Suite("homepwner serve: a zip whose directory gives sizes or offsets past 2^63 is refused, never a trap", .timeLimit(.minutes(4)))
struct HostileZipTests {
    /// A zip and what is wrong with it.
    struct Hostile: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var zip: [UInt8]
    }

    static let hostile = HostileZips.zip64Attacks(entry: "items.archive").map { Hostile(testDescription: $0.name, zip: $0.zip) }

    @Test("POST /api/import of a zip of a few hundred bytes whose ZIP64 sizes, entry offset or directory start pass 2^63 is 422 invalid_import, and the server goes on answering", arguments: hostile)
    func refusedNotTrapped(_ hostile: Hostile) async throws {
        try await withTemporaryFolder { folder in
            let server = try await ServedProcess.homepwner(dataDir: folder, extra: ["--create"])
            defer { _ = server.stop() }
            let connection = try RawConnection(port: server.port)
            try await connection.send("POST /api/import HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/zip\r\nContent-Length: \(hostile.zip.count)\r\n\r\n")
            try await connection.send(hostile.zip)
            let response = try await connection.readResponse(timeout: 30)
            #expect(response.status == 422, "\(response.text)")
            #expect(response.errorCode == "invalid_import")
            let alive = try await RawConnection.exchange(port: server.port, "GET /api/stats HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(alive.status == 200)
        }
    }
}
