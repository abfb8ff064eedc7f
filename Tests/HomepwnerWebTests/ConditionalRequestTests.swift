import Foundation
import HTTPTypes
import Homepwner
import HummingbirdTesting
import Testing
import ImagingSamples
import WebTestSupport

@Suite("Homepwner API: conditional and range requests, one URL per item, opaque photo tags")
struct ConditionalRequestTests {
    @Test("If-Match with the current version as a weak tag is 412 and changes nothing (strong comparison)")
    func weakIfMatch() async throws {
        try await withApp { client, _ in
            let item = try await addItem(client, #"{"name":"Lamp"}"#)
            let key = try #require(item["itemKey"] as? String)
            let weak = "W/\"\(try #require(item["version"] as? String))\""
            let patched = try await client.execute(uri: "/api/items/\(key)", method: .patch, headers: [.contentType: "application/json", .ifMatch: weak], body: body(#"{"valueInDollars":5}"#))
            #expect(patched.status == .preconditionFailed)
            #expect(try errorCode(patched) == "version_mismatch")
            #expect(try await client.execute(uri: "/api/items/\(key)", method: .delete, headers: [.ifMatch: weak]).status == .preconditionFailed)
            #expect(try json(try await client.execute(uri: "/api/items/\(key)", method: .get))["valueInDollars"] as? Int == 0)
        }
    }

    @Test("Range is served only while If-Range is the photo's current strong ETag; bytes=-0 is 416")
    func ifRange() async throws {
        try await withApp { client, _ in
            let key = try #require(try await addItem(client, #"{"name":"Lamp"}"#)["itemKey"] as? String)
            _ = try await client.execute(uri: "/api/items/\(key)/photo", method: .put, headers: [.contentType: "image/jpeg"], body: body(try SamplePhotos.jpeg()))
            let oldTag = try #require(try await client.execute(uri: "/api/items/\(key)/photo", method: .get).headers[.eTag])
            let png = try SamplePhotos.png()
            _ = try await client.execute(uri: "/api/items/\(key)/photo", method: .put, headers: [.contentType: "image/png"], body: body(png))
            let tag = try #require(try await client.execute(uri: "/api/items/\(key)/photo", method: .get).headers[.eTag])
            #expect(tag != oldTag)
            let current = try await client.execute(uri: "/api/items/\(key)/photo", method: .get, headers: [.range: "bytes=0-9", .ifRange: tag])
            #expect(current.status == .partialContent)
            #expect(Data(buffer: current.body) == png.prefix(10))
            for stale in [oldTag, "W/\(tag)", "Sat, 01 Jan 2000 00:00:00 GMT"] {
                let whole = try await client.execute(uri: "/api/items/\(key)/photo", method: .get, headers: [.range: "bytes=0-9", .ifRange: stale])
                #expect(whole.status == .ok, "\(stale)")
                #expect(whole.headers[.contentRange] == nil)
                #expect(Data(buffer: whole.body) == png, "\(stale)")
            }
            let empty = try await client.execute(uri: "/api/items/\(key)/photo", method: .get, headers: [.range: "bytes=-0"])
            #expect(empty.status == .rangeNotSatisfiable)
            #expect(try errorCode(empty) == "range_not_satisfiable")
        }
    }

    @Test("an item has one URL: its key in another case is 404 on every item route")
    func oneSpelling() async throws {
        try await withApp { client, _ in
            let key = try #require(try await addItem(client, #"{"name":"Lamp"}"#)["itemKey"] as? String)
            _ = try await client.execute(uri: "/api/items/\(key)/photo", method: .put, headers: [.contentType: "image/png"], body: body(try SamplePhotos.png()))
            let other = key.lowercased()
            #expect(other != key)
            for path in ["", "/photo", "/thumbnail"] {
                #expect(try await client.execute(uri: "/api/items/\(key)\(path)", method: .get).status == .ok, "\(path)")
                #expect(try await client.execute(uri: "/api/items/\(other)\(path)", method: .get).status == .notFound, "\(path)")
            }
            #expect(try await client.execute(uri: "/api/items/\(other)", method: .patch, headers: jsonHeaders, body: body(#"{"valueInDollars":5}"#)).status == .notFound)
            #expect(try await client.execute(uri: "/api/items/\(other)", method: .delete).status == .notFound)
        }
    }

    @Test("a photo's ETag is 32 hex digits, the pages' tag for it, stable until the photo changes")
    func opaquePhotoTag() async throws {
        try await withApp { client, folder in
            let key = try #require(try await addItem(client, #"{"name":"Lamp"}"#)["itemKey"] as? String)
            _ = try await client.execute(uri: "/api/items/\(key)/photo", method: .put, headers: [.contentType: "image/png"], body: body(try SamplePhotos.png()))
            let tag = try #require(try await client.execute(uri: "/api/items/\(key)/photo", method: .get).headers[.eTag])
            let inside = String(tag.dropFirst().dropLast())
            #expect(tag.utf8.first == UInt8(ascii: "\"") && tag.utf8.last == UInt8(ascii: "\""))
            #expect(inside.utf8.count == 32)
            #expect(inside.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) })
            #expect(try await client.execute(uri: "/api/items/\(key)/photo", method: .get).headers[.eTag] == tag)
            let pagesTags = await ImageStore(storage: .folder(folder)).photoTags(forKeys: [key, "0E8A6F52-1C3B-4D5E-8F90-000000000001"])
            #expect(pagesTags == [key: inside])
            _ = try await client.execute(uri: "/api/items/\(key)/photo", method: .put, headers: [.contentType: "image/jpeg"], body: body(try SamplePhotos.jpeg()))
            #expect(try await client.execute(uri: "/api/items/\(key)/photo", method: .get).headers[.eTag] != tag)
        }
    }
}
