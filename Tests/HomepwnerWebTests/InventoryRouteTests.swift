import Foundation
import HTTPTypes
import Homepwner
import HummingbirdTesting
import ImagingSamples
import NIOCore
import Testing
import WebTestSupport

@Suite("GET /api/export and POST /api/import: the whole inventory as one zip")
struct InventoryRouteTests {
    static let zipHeaders: HTTPFields = [.contentType: "application/zip"]

    @Test("an export is a dated zip attachment; imported into an empty server it gives the same items and photo; into one with items it is 409 not_empty")
    func roundTrip() async throws {
        try await withApp { source, _ in
            let lamp = try await addItem(source, #"{"name":"Lamp","valueInDollars":5,"location":"House › Hall"}"#)
            let key = try #require(lamp["itemKey"] as? String)
            let png = try SamplePhotos.png()
            let put = try await source.execute(uri: "/api/items/\(key)/photo", method: .put, headers: [.contentType: "image/png"], body: body(png))
            #expect(put.status == .noContent || put.status == .ok)
            let export = try await source.execute(uri: "/api/export", method: .get)
            #expect(export.status == .ok)
            #expect(export.headers[.contentType] == "application/zip")
            #expect(export.headers[.contentDisposition] == "attachment; filename=\"\(ItemStore.exportFileName(on: Date()))\"")
            let zip = Data(buffer: export.body)
            #expect(zip.starts(with: [0x50, 0x4B, 0x03, 0x04]))
            let keys = (try json(try await source.execute(uri: "/api/items", method: .get))["items"] as? [[String: Any]])?.compactMap { $0["itemKey"] as? String }

            try await withApp { target, _ in
                let imported = try await target.execute(uri: "/api/import", method: .post, headers: Self.zipHeaders, body: ByteBuffer(data: zip))
                #expect(imported.status == .ok, "\(String(buffer: imported.body))")
                let summary = try json(imported)
                #expect(summary["items"] as? Int == 1 && summary["photos"] as? Int == 1 && summary["attachments"] as? Int == 0)
                #expect((summary["skipped"] as? [Any])?.isEmpty == true)
                let copied = try json(try await target.execute(uri: "/api/items", method: .get))
                #expect((copied["items"] as? [[String: Any]])?.compactMap { $0["itemKey"] as? String } == keys)
                let photo = try await target.execute(uri: "/api/items/\(key)/photo", method: .get)
                #expect(Data(buffer: photo.body) == png)

                let again = try await target.execute(uri: "/api/import", method: .post, headers: Self.zipHeaders, body: ByteBuffer(data: zip))
                #expect(again.status == .conflict)
                #expect(try errorCode(again) == "not_empty")
            }
        }
    }

    @Test("bytes that are not a full export are 422 invalid_import, another media type 415, never a 500")
    func refusals() async throws {
        try await withApp { client, _ in
            let garbage = try await client.execute(uri: "/api/import", method: .post, headers: Self.zipHeaders, body: body("not a zip"))
            #expect(garbage.status == .unprocessableContent)
            #expect(try errorCode(garbage) == "invalid_import")
            #expect(try errorMessage(garbage) == "this file is not a zip file; choose a .zip that Export made")
            let empty = try await client.execute(uri: "/api/import", method: .post, headers: Self.zipHeaders, body: body(""))
            #expect(empty.status == .unprocessableContent || empty.status == .badRequest)
            let json = try await client.execute(uri: "/api/import", method: .post, headers: jsonHeaders, body: body("{}"))
            #expect(json.status == .unsupportedMediaType)
        }
    }
}
