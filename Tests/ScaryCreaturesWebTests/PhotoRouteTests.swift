import Foundation
import Imaging
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing
import TestSupport
import ImagingSamples
import WebTestSupport

@Suite("The photo, thumbnail and transfer routes")
struct PhotoRouteTests {
    @Test("PUT a JPEG; GET gives the same bytes with an ETag, 304 for If-None-Match, 206 for a Range")
    func photo() async throws {
        try await withApp { client, _ in
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Pic"}"#))
            let jpeg = try SamplePhotos.jpeg()
            let put = try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/jpeg"], body: body(jpeg))
            #expect(put.status == .ok)
            #expect(try json(put)["hasPhoto"] as? Bool == true)
            let got = try await client.execute(uri: "/api/creatures/1/photo", method: .get)
            #expect(got.status == .ok)
            #expect(got.headers[.contentType] == "image/jpeg")
            #expect(Data(buffer: got.body) == jpeg)
            let tag = try #require(got.headers[.eTag])
            #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
            let cached = try await client.execute(uri: "/api/creatures/1/photo", method: .get, headers: [.ifNoneMatch: tag])
            #expect(cached.status == .notModified)
            let part = try await client.execute(uri: "/api/creatures/1/photo", method: .get, headers: [.range: "bytes=0-9"])
            #expect(part.status == .partialContent)
            #expect(part.headers[.contentRange] == "bytes 0-9/\(jpeg.count)")
            #expect(Data(buffer: part.body) == jpeg.prefix(10))
            let outside = try await client.execute(uri: "/api/creatures/1/photo", method: .get, headers: [.range: "bytes=\(jpeg.count)-"])
            #expect(outside.status == .rangeNotSatisfiable)
        }
    }

    @Test("the thumbnail is an 88×88 PNG with an ETag; after DELETE photo both are 404")
    func thumbnail() async throws {
        try await withApp { client, _ in
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Pic"}"#))
            _ = try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/png"], body: body(try SamplePhotos.png()))
            let thumbnail = try await client.execute(uri: "/api/creatures/1/thumbnail", method: .get)
            #expect(thumbnail.status == .ok)
            #expect(thumbnail.headers[.contentType] == "image/png")
            let bytes = Data(buffer: thumbnail.body)
            #expect(bytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            let tag = try #require(thumbnail.headers[.eTag])
            #expect(try await client.execute(uri: "/api/creatures/1/thumbnail", method: .get, headers: [.ifNoneMatch: tag]).status == .notModified)
            let removed = try await client.execute(uri: "/api/creatures/1/photo", method: .delete)
            #expect(removed.status == .ok)
            #expect(try await client.execute(uri: "/api/creatures/1/thumbnail", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/api/creatures/1/photo", method: .get).status == .notFound)
        }
    }

    @Test("a photo sent as a multipart form field is taken")
    func multipart() async throws {
        try await withApp { client, _ in
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Form"}"#))
            let png = try SamplePhotos.png()
            var form = Data("--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n".utf8)
            form += png + Data("\r\n--XyZ--\r\n".utf8)
            let put = try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "multipart/form-data; boundary=XyZ"], body: body(form))
            #expect(put.status == .ok, "\(String(buffer: put.body))")
            #expect(Data(buffer: try await client.execute(uri: "/api/creatures/1/photo", method: .get).body) == png)
        }
    }

    @Test("an upload that is not an image is 422, one over the body limit 413, and nothing is written")
    func badUploads() async throws {
        try await withApp(maxBodyBytes: 1 << 20) { client, folder in
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Pic"}"#))
            let text = try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/png"], body: body("GIF89a not really"))
            #expect(text.status == .unprocessableContent)
            #expect(try errorCode(text) == "invalid_image")
            let huge = try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/png"], body: body(Data(count: (1 << 20) + 1)))
            #expect(huge.status == .contentTooLarge)
            #expect(try errorCode(huge) == "too_large")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("1.scarycreature").path)
            #expect(names == ["Data.plist"])
        }
    }

    @Test("export gives a zip that POST /api/imports brings back as a new creature")
    func exportImport() async throws {
        try await withApp { client, _ in
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Traveller","rating":3.5}"#))
            let zip = try await client.execute(uri: "/api/creatures/1/export", method: .get)
            #expect(zip.status == .ok)
            #expect(zip.headers[.contentType] == "application/zip")
            #expect(zip.headers[HTTPField.Name("Content-Disposition")!] == "attachment; filename=\"1.scarycreature.zip\"")
            let imported = try await client.execute(uri: "/api/imports", method: .post, headers: [.contentType: "application/zip"], body: zip.body)
            #expect(imported.status == .ok)
            let summary = try json(imported)
            #expect((summary["imported"] as? [[String: Any]])?.first?["id"] as? Int == 2)
            let copy = try json(try await client.execute(uri: "/api/creatures/2", method: .get))
            #expect(copy["title"] as? String == "Traveller")
            let junk = try await client.execute(uri: "/api/imports", method: .post, headers: [.contentType: "application/zip"], body: body("not a zip"))
            #expect(junk.status == .unprocessableContent)
            #expect(try errorCode(junk) == "invalid_import")
        }
    }

    @Test("POST /api/imports streams the zip to disk: a zip larger than the server's upload limit is imported")
    func importPastUploadLimit() async throws {
        let zip = try await withExport()
        #expect(zip.readableBytes > 4_000)
        try await withApp(maxBodyBytes: 4_000) { client, _ in
            let imported = try await client.execute(uri: "/api/imports", method: .post, headers: [.contentType: "application/zip"], body: zip)
            #expect(imported.status == .ok, "\(String(buffer: imported.body))")
            #expect((try json(imported)["imported"] as? [[String: Any]])?.first?["title"] as? String == "Traveller")
            let photo = try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/png"], body: body(try Self.noisyPNG()))
            #expect(photo.status == .contentTooLarge)
        }
    }

    /// A 100×100 PNG of noise: about 30 KB, which hardly compresses.
    static func noisyPNG() throws -> Data {
        var random = SplitMix64(seed: 9)
        return try PNGEncoder.encode(PixelImage(width: 100, height: 100, channels: 3) { _, _ in
            let bits = random.next()
            return [UInt8(truncatingIfNeeded: bits), UInt8(truncatingIfNeeded: bits >> 8), UInt8(truncatingIfNeeded: bits >> 16)]
        })
    }

    /// The export of a creature with a photo, from a server of its own.
    private func withExport() async throws -> ByteBuffer {
        let box = Mutex<ByteBuffer?>(nil)
        try await withApp { client, _ in
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Traveller","rating":3.5}"#))
            let put = try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/png"], body: body(try Self.noisyPNG()))
            #expect(put.status == .ok || put.status == .noContent)
            let zip = try await client.execute(uri: "/api/creatures/1/export", method: .get)
            box.withLock { $0 = zip.body }
        }
        return try #require(box.withLock { $0 })
    }
}
