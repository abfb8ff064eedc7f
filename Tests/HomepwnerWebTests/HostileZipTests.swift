import Foundation
import Testing
import TestSupport
import WebTestSupport

@Suite("homepwner serve: a zip whose directory gives sizes or offsets past 2^63 is refused, never a trap", .timeLimit(.minutes(2)))
struct HostileZipTests {
    /// `value` as `size` little-endian bytes.
    static func le(_ value: UInt64, _ size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// A zip of one stored `items.archive` of 16 bytes whose entry says, in a ZIP64 extra field,
    /// that it inflates to `size`, takes `compressed` bytes and starts at `offset`.
    static func zip64Entry(size: UInt64, compressed: UInt64, offset: UInt64) -> [UInt8] {
        let name = Array("items.archive".utf8)
        let extra = le(1, 2) + le(24, 2) + le(size, 8) + le(compressed, 8) + le(offset, 8)
        let local = le(0x0403_4B50, 4) + le(45, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(0, 4) + le(0xFFFF_FFFF, 4) + le(0xFFFF_FFFF, 4)
            + le(UInt64(name.count), 2) + le(0, 2) + name + Array(repeating: 0x78, count: 16)
        let central = le(0x0201_4B50, 4) + le(45, 2) + le(45, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(0, 4)
            + le(0xFFFF_FFFF, 4) + le(0xFFFF_FFFF, 4) + le(UInt64(name.count), 2) + le(UInt64(extra.count), 2) + le(0, 2)
            + le(0, 2) + le(0, 2) + le(0, 4) + le(0xFFFF_FFFF, 4) + name + extra
        let end = le(0x0605_4B50, 4) + le(0, 2) + le(0, 2) + le(1, 2) + le(1, 2) + le(UInt64(central.count), 4) + le(UInt64(local.count), 4) + le(0, 2)
        return local + central + end
    }

    /// A zip of one stored entry whose ZIP64 end record puts the directory at `start`.
    static func zip64Directory(at start: UInt64) -> [UInt8] {
        let name = Array("items.archive".utf8)
        let local = le(0x0403_4B50, 4) + le(20, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(0, 4) + le(16, 4) + le(16, 4)
            + le(UInt64(name.count), 2) + le(0, 2) + name + Array(repeating: 0x78, count: 16)
        let central = le(0x0201_4B50, 4) + le(20, 2) + le(20, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(0, 4) + le(16, 4) + le(16, 4)
            + le(UInt64(name.count), 2) + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(0, 4) + name
        let record = le(0x0606_4B50, 4) + le(44, 8) + le(45, 2) + le(45, 2) + le(0, 4) + le(0, 4) + le(1, 8) + le(1, 8)
            + le(UInt64(central.count), 8) + le(start, 8)
        let locator = le(0x0706_4B50, 4) + le(0, 4) + le(UInt64(local.count + central.count), 8) + le(1, 4)
        let end = le(0x0605_4B50, 4) + le(0, 2) + le(0, 2) + le(0xFFFF, 2) + le(0xFFFF, 2) + le(0xFFFF_FFFF, 4) + le(0xFFFF_FFFF, 4) + le(0, 2)
        return local + central + record + locator + end
    }

    /// A zip and what is wrong with it.
    struct Hostile: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var zip: [UInt8]
    }

    static let hostile = [
        // 100,000 bytes from 2^63: the bomb check's product passed UInt64.
        Hostile(testDescription: "compressed size 2^63", zip: zip64Entry(size: 100_000, compressed: 1 << 63, offset: 0)),
        Hostile(testDescription: "entry offset 2^64 - 1", zip: zip64Entry(size: 16, compressed: 16, offset: .max)),
        Hostile(testDescription: "sizes 2^64 - 1", zip: zip64Entry(size: .max, compressed: .max, offset: 0)),
        Hostile(testDescription: "directory at 2^63", zip: zip64Directory(at: 1 << 63)),
    ]

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
