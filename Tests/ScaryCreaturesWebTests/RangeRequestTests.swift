import Foundation
import HTTPTypes
import HummingbirdTesting
import ImagingSamples
import Testing
import WebTestSupport

@Suite("Range requests for a photo, over a real socket")
struct RangeRequestTests {
    @Test("every Range past the photo's end is 416 with Content-Range bytes */SIZE and the server lives on; an unparsable Range is the whole photo; If-Range is honoured")
    func rangesPastTheEnd() async throws {
        try await withApp(setup: .live) { client, _ in
            let port = try #require(client.port)
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Pic"}"#))
            let jpeg = try SamplePhotos.jpeg()
            #expect(try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/jpeg"], body: body(jpeg)).status == .ok)
            let tag = try #require(try await client.execute(uri: "/api/creatures/1/photo", method: .get).headers[.eTag])
            let failures = try await RangeAttacks.failures(port: port, path: "/api/creatures/1/photo", file: [UInt8](jpeg), eTag: tag)
            #expect(failures == [])
        }
    }

    @Test("the thumbnail is answered as the photo is (WebSupport's PhotoAnswer): 304 for its ETag, every Range and If-Range as RFC 9110 asks")
    func thumbnailAnswers() async throws {
        try await withApp(setup: .live) { client, _ in
            let port = try #require(client.port)
            _ = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Pic"}"#))
            #expect(try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/jpeg"], body: body(try SamplePhotos.jpeg())).status == .ok)
            let thumbnail = try await client.execute(uri: "/api/creatures/1/thumbnail", method: .get)
            #expect(thumbnail.status == .ok)
            try await WebContract.expectStoredFileAnswers(port: port, path: "/api/creatures/1/thumbnail", file: [UInt8](buffer: thumbnail.body), type: "image/png")
        }
    }
}
