import DocumentStore
import Foundation
import Homepwner
import Testing
import TestSupport
import WebTestSupport

@Suite("homepwner serve: a whole inventory larger than the upload limit imports through POST /api/import", .timeLimit(.minutes(4)))
struct LargeImportTests {
    /// A full export of one item with two 15 MB attachments: a zip of about 30 MB, past the
    /// server's 26 MB upload limit.
    static func largeExport(in folder: URL) async throws -> Data {
        let store = ItemStore(storage: .folder(folder.appendingPathComponent("source")))
        let item = try await store.add(NewItem(name: "Boxes of receipts"))
        var random = SplitMix64(seed: 26)
        for name in ["2024.pdf", "2025.pdf"] {
            var pdf = Data("%PDF-1.7\n".utf8)
            pdf.append(contentsOf: (0..<(15 << 20)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            _ = try await store.addAttachment(pdf, fileName: name, forKey: item.itemKey)
        }
        let zip = folder.appendingPathComponent("large.zip")
        try await store.exportInventory(to: zip)
        try await store.close()
        return try Data(contentsOf: zip)
    }

    @Test("a 30 MB zip, sent chunked and then with its length, is streamed to disk and imported; a length over the import limit is 413 at once; a chunked body that lies is 400")
    func streamed() async throws {
        try await withTemporaryFolder { folder in
            let zip = try await Self.largeExport(in: folder)
            #expect(zip.count > 26 << 20)
            let server = try await ServedProcess.homepwner(dataDir: folder.appendingPathComponent("chunked"), extra: ["--create"])
            defer { _ = server.stop() }
            let connection = try RawConnection(port: server.port)
            try await connection.send(WireAttacks.chunked("POST", "/api/import", type: "application/zip", body: ""))
            try await connection.send(WireAttacks.chunkedBody(Array(zip)))
            let chunked = try await connection.readResponse(timeout: 60)
            #expect(chunked.status == 200, "\(chunked.text)")
            let summary = try jsonObject(Data(chunked.body))
            #expect(summary["summary"] as? String == "Imported 1 item, 0 photos and 2 attachments; 0 locations added to the list.")
            let (_, _, listed) = try await server.request("GET", "api/items")
            #expect((try jsonObject(listed)["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Boxes of receipts"])

            let again = try await server.request("POST", "api/import", body: zip, headers: ["Content-Type": "application/zip"])
            #expect(again.status == 409)
            #expect(try jsonObject(again.body)["error"].flatMap { ($0 as? [String: Any])?["code"] as? String } == "not_empty")

            let huge = try await RawConnection.exchange(port: server.port, "POST /api/import HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/zip\r\nContent-Length: 5000000000\r\n\r\n")
            #expect(huge.status == 413)
            #expect(huge.errorCode == "too_large")

            let second = try await ServedProcess.homepwner(dataDir: folder.appendingPathComponent("with-length"), extra: ["--create"])
            defer { _ = second.stop() }
            for body in WireAttacks.malformedChunkedBodies {
                let response = try await RawConnection.exchange(port: second.port, WireAttacks.chunked("POST", "/api/import", type: "application/zip", body: body))
                #expect(response.status == 400, "\(body.debugDescription)")
                #expect(response.errorCode == "bad_request")
            }
            let sized = try await second.request("POST", "api/import", body: zip, headers: ["Content-Type": "application/zip"])
            #expect(sized.status == 200)
            #expect(try jsonObject(sized.body)["attachments"] as? Int == 2)
        }
    }
}
