import Foundation
import HummingbirdTesting
import Testing
import WebTestSupport

@Suite("Scary Creatures: a zip whose directory gives sizes or offsets past 2^63 is refused, never a trap", .timeLimit(.minutes(4)))
struct HostileZipTests {
    @Test("POST /api/imports of a zip of a few hundred bytes whose ZIP64 sizes, entry offset or directory start pass 2^63 is a 4xx with the JSON error, and the server goes on answering")
    func refusedNotTrapped() async throws {
        try await withApp(setup: .live) { client, _ in
            let port = try #require(client.port)
            for (name, zip) in HostileZips.zip64Attacks(entry: "1.scarycreature/Data.plist") {
                let connection = try RawConnection(port: port)
                try await connection.send("POST /api/imports HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/zip\r\nContent-Length: \(zip.count)\r\n\r\n")
                try await connection.send(zip)
                let response = try await connection.readResponse(timeout: 30)
                #expect(response.status == 422, "\(name): \(response.status) \(response.text)")
                #expect(response.errorCode == "invalid_import", "\(name): \(response.text)")
                let alive = try await RawConnection.exchange(port: port, "GET /api/creatures HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                #expect(alive.status == 200, "\(name)")
            }
        }
    }
}
