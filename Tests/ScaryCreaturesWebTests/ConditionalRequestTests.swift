import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import ImagingSamples
import WebTestSupport

@Suite("Conditional and range requests, one URL per creature, opaque photo tags")
struct ConditionalRequestTests {
    @Test("If-Match with the current version as a weak tag is 412 and changes nothing (strong comparison)")
    func weakIfMatch() async throws {
        try await withApp { client, _ in
            let created = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Ghost"}"#))
            let tag = try #require(created.headers[.eTag])
            let weak = "W/\(tag)"
            let patched = try await client.execute(uri: "/api/creatures/1", method: .patch, headers: [.contentType: "application/json", .ifMatch: weak], body: body(#"{"rating":3}"#))
            #expect(patched.status == .preconditionFailed)
            #expect(try errorCode(patched) == "version_mismatch")
            let deleted = try await client.execute(uri: "/api/creatures/1", method: .delete, headers: [.ifMatch: weak])
            #expect(deleted.status == .preconditionFailed)
            let now = try await client.execute(uri: "/api/creatures/1", method: .get)
            #expect(now.headers[.eTag] == tag)
            // In a list, the strong tag still matches.
            let listed = try await client.execute(uri: "/api/creatures/1", method: .patch, headers: [.contentType: "application/json", .ifMatch: "\(weak), \(tag)"], body: body(#"{"rating":3}"#))
            #expect(listed.status == .ok)
        }
    }

    @Test("Range is served only while If-Range is the photo's current strong ETag; bytes=-0 is 416")
    func ifRange() async throws {
        try await withApp { client, _ in
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Pic"}"#))
            let jpeg = try SamplePhotos.jpeg()
            _ = try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/jpeg"], body: body(jpeg))
            let oldTag = try #require(try await client.execute(uri: "/api/creatures/1/photo", method: .get).headers[.eTag])
            let png = try SamplePhotos.png()
            _ = try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/png"], body: body(png))
            let tag = try #require(try await client.execute(uri: "/api/creatures/1/photo", method: .get).headers[.eTag])
            #expect(tag != oldTag)
            let current = try await client.execute(uri: "/api/creatures/1/photo", method: .get, headers: [.range: "bytes=0-9", .ifRange: tag])
            #expect(current.status == .partialContent)
            #expect(Data(buffer: current.body) == png.prefix(10))
            for stale in [oldTag, "W/\(tag)", "Sat, 01 Jan 2000 00:00:00 GMT"] {
                let whole = try await client.execute(uri: "/api/creatures/1/photo", method: .get, headers: [.range: "bytes=0-9", .ifRange: stale])
                #expect(whole.status == .ok, "\(stale)")
                #expect(whole.headers[.contentRange] == nil)
                #expect(Data(buffer: whole.body) == png, "\(stale)")
            }
            let empty = try await client.execute(uri: "/api/creatures/1/photo", method: .get, headers: [.range: "bytes=-0"])
            #expect(empty.status == .rangeNotSatisfiable)
            #expect(try errorCode(empty) == "range_not_satisfiable")
        }
    }

    @Test("a creature has one URL: another spelling of its number is 404 in the API and the pages", arguments: ["01", "+1", "001", "0001"])
    func oneSpelling(spelling: String) async throws {
        try await withApp { client, _ in
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Ghost"}"#))
            _ = try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/png"], body: body(try SamplePhotos.png()))
            for path in ["", "/photo", "/thumbnail", "/export"] {
                #expect(try await client.execute(uri: "/api/creatures/1\(path)", method: .get).status == .ok, "\(path)")
                let response = try await client.execute(uri: "/api/creatures/\(spelling)\(path)", method: .get)
                #expect(response.status == .notFound, "\(path)")
                #expect(try errorCode(response) == "not_found", "\(path)")
            }
            let patch = try await client.execute(uri: "/api/creatures/\(spelling)", method: .patch, headers: jsonHeaders, body: body(#"{"rating":3}"#))
            #expect(patch.status == .notFound)
            #expect(try await client.execute(uri: "/api/creatures/\(spelling)", method: .delete).status == .notFound)
            #expect(try await client.execute(uri: "/creatures/\(spelling)", method: .get, headers: BrowserForms.pageHeaders).status == .notFound)
            let creature = try json(try await client.execute(uri: "/api/creatures/1", method: .get))
            #expect((creature["rating"] as? NSNumber)?.doubleValue == 0)
        }
    }

    @Test("a photo's ETag is 32 hex digits, the same as the page's ?v=, stable until the photo changes")
    func opaquePhotoTag() async throws {
        try await withApp { client, _ in
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Pic"}"#))
            _ = try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/png"], body: body(try SamplePhotos.png()))
            let tag = try #require(try await client.execute(uri: "/api/creatures/1/photo", method: .get).headers[.eTag])
            let inside = tag.dropFirst().dropLast()
            #expect(tag.utf8.first == UInt8(ascii: "\"") && tag.utf8.last == UInt8(ascii: "\""))
            #expect(inside.utf8.count == 32)
            #expect(inside.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) })
            #expect(try await client.execute(uri: "/api/creatures/1/photo", method: .get).headers[.eTag] == tag)
            let page = text(try await client.execute(uri: "/creatures/1", method: .get, headers: BrowserForms.pageHeaders))
            #expect(page.contains("src=\"/api/creatures/1/photo?v=\(inside)\""))
            _ = try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/jpeg"], body: body(try SamplePhotos.jpeg()))
            #expect(try await client.execute(uri: "/api/creatures/1/photo", method: .get).headers[.eTag] != tag)
        }
    }
}
