import Foundation
import Homepwner
import Testing
import TestSupport
import WebTestSupport

@Suite("homepwner serve: slow downloads of the whole inventory share one temporary zip", .timeLimit(.minutes(4)), .tags(.slow))
struct ExportSharingTests {
    /// The temporary exports the server at `pid` holds under `temporary`: the files there it
    /// has open (removed or not) and those still named there, each counted once.
    static func heldExports(pid: Int32, temporary: URL) -> Int {
        let base = temporary.resolvingSymlinksInPath().path + "/"
        var held = Set<String>()
        let descriptors = "/proc/\(pid)/fd"
        for descriptor in (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? [] {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\(descriptor)") else { continue }
            let path = target.hasSuffix(" (deleted)") ? String(target.dropLast(" (deleted)".count)) : target
            if path.hasPrefix(base) { held.insert(path) }
        }
        let names = FileManager.default.enumerator(atPath: base)?.allObjects.compactMap { $0 as? String } ?? []
        for name in names {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + name, isDirectory: &isFolder), !isFolder.boolValue { held.insert(base + name) }
        }
        return held.count
    }

    /// The names of the items of the export `zip`, and the bytes of its attachments, read by
    /// importing it into an empty inventory of its own.
    static func imported(_ zip: [UInt8], in folder: URL) async throws -> (names: [String], attachments: [Data]) {
        let store = ItemStore(storage: .folder(folder.appendingPathComponent(UUID().uuidString)))
        let summary = try await store.importInventory(zip: Data(zip))
        #expect(summary.skipped.isEmpty)
        let items = try await store.items()
        var attachments: [Data] = []
        for item in items {
            for attachment in try await store.attachments.attachments(forKey: item.itemKey) {
                attachments.append(try #require(try await store.attachments.read(attachment)).data)
            }
        }
        try await store.close()
        return (items.map(\.itemName), attachments)
    }

    @Test("eight readers that stall share one temporary zip and each gets it whole; a download after a change gets it in a zip of its own; a third state meanwhile is 429; each zip goes when its last reader ends or leaves")
    func slowReadersShareOneZip() async throws {
        try await withTemporaryFolder { folder in
            let data = folder.appendingPathComponent("data"), temporary = folder.appendingPathComponent("tmp")
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            // 16 MB that do not compress: more than the sockets of a reader that stalls can hold.
            let store = ItemStore(storage: .folder(data))
            let item = try await store.add(NewItem(name: "Boxes of receipts"))
            var random = SplitMix64(seed: 37)
            var pdf = Data("%PDF-1.7\n".utf8)
            pdf.append(contentsOf: (0..<(16 << 20)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            _ = try await store.addAttachment(pdf, fileName: "receipts.pdf", forKey: item.itemKey)
            try await store.close()

            let server = try await ServedProcess.homepwner(dataDir: data, environment: ["TMPDIR": temporary.path])
            defer { _ = server.stop() }
            let pid = server.process.processIdentifier
            let port = server.port
            let download = "GET /api/export HTTP/1.1\r\nHost: localhost\r\n\r\n"
            /// A download whose head has arrived, and which then reads nothing more.
            @Sendable func stalledReader() async throws -> RawConnection {
                let connection = try RawConnection(port: port)
                try await connection.send(download)
                #expect(await connection.read(until: "\r\n\r\n", timeout: 60))
                return connection
            }
            func rename(_ name: String) async throws {
                let body = Data(#"{"name":"\#(name)"}"#.utf8)
                let patched = try await server.request("PATCH", "api/items/\(item.itemKey)", body: body, headers: ["Content-Type": "application/json"])
                #expect(patched.status == 200)
            }

            let first = try await withThrowingTaskGroup(of: RawConnection.self) { group in
                for _ in 0..<8 { group.addTask { try await stalledReader() } }
                return try await group.reduce(into: [RawConnection]()) { $0.append($1) }
            }
            #expect(Self.heldExports(pid: pid, temporary: temporary) == 1)

            try await rename("Boxes of 2025 receipts")
            let second = try await stalledReader()
            #expect(Self.heldExports(pid: pid, temporary: temporary) == 2)

            try await rename("Boxes of 2026 receipts")
            let third = try await RawConnection.exchange(port: port, download)
            #expect(third.status == 429)
            #expect(third.headers["retry-after"] == "5")
            #expect(third.errorCode == "too_many_requests")
            #expect(Self.heldExports(pid: pid, temporary: temporary) == 2)

            var firstZips: [[UInt8]] = []
            for connection in first {
                let response = try await connection.readResponse(timeout: 120)
                #expect(response.status == 200)
                #expect(response.headers["content-length"] == String(response.body.count))
                firstZips.append(response.body)
                connection.close()
            }
            #expect(Set(firstZips).count == 1)
            let secondZip = try await second.readResponse(timeout: 120)
            second.close()
            let before = try await Self.imported(try #require(firstZips.first), in: folder)
            #expect(before.names == ["Boxes of receipts"])
            #expect(before.attachments == [pdf])
            let after = try await Self.imported(secondZip.body, in: folder)
            #expect(after.names == ["Boxes of 2025 receipts"])
            #expect(after.attachments == [pdf])
            try await waitUntil { Self.heldExports(pid: pid, temporary: temporary) == 0 }

            let leaving = try await stalledReader()
            #expect(Self.heldExports(pid: pid, temporary: temporary) == 1)
            leaving.close()
            try await waitUntil { Self.heldExports(pid: pid, temporary: temporary) == 0 }
            let latest = try await RawConnection.exchange(port: port, download, timeout: 60)
            #expect(latest.status == 200)
            #expect(try await Self.imported(latest.body, in: folder).names == ["Boxes of 2026 receipts"])
        }
    }
}
