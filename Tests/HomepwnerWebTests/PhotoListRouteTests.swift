import Foundation
import HTTPTypes
import Homepwner
import HummingbirdTesting
import Imaging
import Testing
import ImagingSamples
import WebTestSupport

@Suite("Homepwner API: all of an item's photos, by number")
struct PhotoListRouteTests {
    /// A multipart body with one `photo` field for each of `photos`, and its content type.
    static func form(_ photos: [Data], extra: String? = nil) -> (String, Data) {
        var form = Data()
        if let extra { form += Data("--B0\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\n\(extra)\r\n".utf8) }
        for (index, photo) in photos.enumerated() {
            form += Data("--B0\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"p\(index).png\"\r\nContent-Type: image/png\r\n\r\n".utf8)
            form += photo + Data("\r\n".utf8)
        }
        form += Data("--B0--\r\n".utf8)
        return ("multipart/form-data; boundary=B0", form)
    }

    static func post(_ client: some TestClientProtocol, _ key: String, _ photos: [Data], extra: String? = nil) async throws -> TestResponse {
        let (type, form) = Self.form(photos, extra: extra)
        return try await client.execute(uri: "/api/items/\(key)/photos", method: .post, headers: [.contentType: type], body: body(form))
    }

    @Test("POST several photos in one form (201, their numbers), list them (200), GET each and its thumbnail; photo 1 is the item's /photo")
    func addListGet() async throws {
        try await withApp { client, folder in
            let key = try #require(try await addItem(client, #"{"name":"Piano"}"#)["itemKey"] as? String)
            let empty = try json(try await client.execute(uri: "/api/items/\(key)/photos", method: .get))
            #expect((empty["photos"] as? [Any])?.isEmpty == true)
            let photos = [try SamplePhotos.png(), try SamplePhotos.jpeg()]
            let added = try await Self.post(client, key, photos, extra: "ignored")
            #expect(added.status == .created, "\(String(buffer: added.body))")
            let list = try json(added)
            #expect(list["added"] as? [Int] == [1, 2])
            let listed = try #require(list["photos"] as? [[String: Any]])
            #expect(listed.map { $0["name"] as? String } == [key, "\(key).photo-2"])
            #expect(listed.map { ($0["links"] as? [String: String])?["thumbnail"] } == ["/api/items/\(key)/photos/1/thumbnail", "/api/items/\(key)/photos/2/thumbnail"])
            #expect(try Data(contentsOf: folder.appendingPathComponent("\(key).photo-2")) == photos[1])
            // A raw JPEG body adds one more.
            let raw = try await client.execute(uri: "/api/items/\(key)/photos", method: .post, headers: [.contentType: "image/jpeg"], body: body(photos[1]))
            #expect(try json(raw)["added"] as? [Int] == [3])

            let second = try await client.execute(uri: "/api/items/\(key)/photos/2", method: .get)
            #expect(second.status == .ok)
            #expect(Data(buffer: second.body) == photos[1])
            #expect(second.headers[.contentType] == "image/jpeg")
            #expect(second.headers[.eTag] == "\"\(listed[1]["version"] as? String ?? "")\"")
            #expect(try await client.execute(uri: "/api/items/\(key)/photos/2", method: .get, headers: [.ifNoneMatch: try #require(second.headers[.eTag])]).status == .notModified)
            let part = try await client.execute(uri: "/api/items/\(key)/photos/2", method: .get, headers: [.range: "bytes=0-3"])
            #expect(part.status == .partialContent)
            #expect(Data(buffer: part.body) == photos[1].prefix(4))
            let thumbnail = try await client.execute(uri: "/api/items/\(key)/photos/2/thumbnail", method: .get)
            #expect(thumbnail.status == .ok && thumbnail.headers[.contentType] == "image/png")
            let first = try await client.execute(uri: "/api/items/\(key)/photo", method: .get)
            #expect(Data(buffer: first.body) == photos[0])
        }
    }

    @Test("DELETE by number with the photo's ETag (200, the rest move up); a stale ETag is 412 and removes nothing; removing photo 1 makes photo 2 the item's /photo")
    func delete() async throws {
        try await withApp { client, folder in
            let key = try #require(try await addItem(client, #"{"name":"Piano"}"#)["itemKey"] as? String)
            let photos = [try SamplePhotos.png(), try SamplePhotos.jpeg(), try PNGEncoder.encode(PixelImage(width: 12, height: 9, channels: 3) { _, _ in [90, 60, 30] })]
            let listed = try #require(try json(try await Self.post(client, key, photos))["photos"] as? [[String: Any]])
            let tags = listed.map { "\"\($0["version"] as? String ?? "")\"" }
            let stale = try await client.execute(uri: "/api/items/\(key)/photos/2", method: .delete, headers: [.ifMatch: tags[2]])
            #expect(stale.status == .preconditionFailed)
            #expect(try errorCode(stale) == "version_mismatch")
            let removed = try await client.execute(uri: "/api/items/\(key)/photos/2", method: .delete, headers: [.ifMatch: "\"other\", \(tags[1])"])
            #expect(removed.status == .ok)
            #expect((try json(removed)["photos"] as? [[String: Any]])?.map { $0["name"] as? String } == [key, "\(key).photo-3"])
            let first = try await client.execute(uri: "/api/items/\(key)/photos/1", method: .delete)
            #expect(first.status == .ok)
            #expect((try json(first)["photos"] as? [[String: Any]])?.map { $0["name"] as? String } == [key])
            #expect(Data(buffer: try await client.execute(uri: "/api/items/\(key)/photo", method: .get).body) == photos[2])
            #expect(try Self.names(in: folder).filter { $0.hasPrefix(key) } == [key])
        }
    }

    @Test("what the API refuses: a form with one photo that is not an image (422, none added), no photo field (400), a number that is not one (400) or not there (404), another item (404)")
    func refusals() async throws {
        try await withApp { client, folder in
            let key = try #require(try await addItem(client, #"{"name":"Piano"}"#)["itemKey"] as? String)
            let bad = try await Self.post(client, key, [try SamplePhotos.png(), Data("<svg/>".utf8)])
            #expect(bad.status == .unprocessableContent)
            #expect(try errorCode(bad) == "invalid_image")
            #expect(try Self.names(in: folder).filter { $0.hasPrefix(key) }.isEmpty)
            let none = try await Self.post(client, key, [], extra: "just a note")
            #expect(none.status == .badRequest)
            // More photos than an item may have: refused while the form is read, none decoded.
            let many = try await Self.post(client, key, Array(repeating: Data("x".utf8), count: 31))
            #expect(many.status == .badRequest)
            #expect(try errorMessage(many) == "the form has more than 30 fields named photo, the most one upload takes")
            for number in ["0", "01x", "1234567", "-1", "%F0%9F%98%80", "99999999999999999999999"] {
                let response = try await client.execute(uri: "/api/items/\(key)/photos/\(number)", method: .get)
                #expect(response.status == .badRequest, "\(number)")
                #expect(try await client.execute(uri: "/api/items/\(key)/photos/\(number)", method: .delete).status == .badRequest, "\(number)")
            }
            #expect(try await client.execute(uri: "/api/items/\(key)/photos/3", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/api/items/\(key)/photos/3/thumbnail", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/api/items/\(key)/photos/3", method: .delete).status == .notFound)
            let other = "00000000-0000-4000-8000-00000000FFFF"
            #expect(try await client.execute(uri: "/api/items/\(other)/photos", method: .get).status == .notFound)
            #expect(try await Self.post(client, other, [try SamplePhotos.png()]).status == .notFound)
        }
    }

    /// The names in `folder`, sorted.
    static func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }
}
