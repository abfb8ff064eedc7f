import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebSupport
import ImagingSamples
import WebTestSupport

/// The app's wiring of WebSupport's ``WorkLimit``s (which routes are uploads and event streams);
/// the limits themselves are tested in `WebSupportTests/WorkLimitTests`.
@Suite("Scary Creatures' uploads and event streams are limited: 429 beyond the limits")
struct WorkLimitRouteTests {
    @Test("with no room, photo uploads (API and page), imports, large bodies and event streams get 429 with Retry-After; nothing is written, small edits go on")
    func refusedWithoutRoom() async throws {
        try await withApp(maxUploads: 0, maxEventStreams: 0) { client, _ in
            let created = try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Pic"}"#))
            #expect(created.status == .created)
            let large = #"{"title":"Big"}"# + String(repeating: " ", count: 70_000)
            let refused: [(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer)] = [
                ("/api/creatures/1/photo", .put, [.contentType: "image/png"], body(try SamplePhotos.png())),
                ("/api/imports", .post, [.contentType: "application/zip"], body("PK")),
                ("/creatures/1/photo", .post, [.contentType: "multipart/form-data; boundary=x"], body("--x--\r\n")),
                ("/api/events", .get, [:], ByteBuffer()),
                ("/api/creatures/1", .patch, [.contentType: "application/json", .contentLength: "\(large.utf8.count)"], body(large)),
            ]
            for request in refused {
                let response = try await client.execute(uri: request.uri, method: request.method, headers: request.headers, body: request.body)
                #expect(response.status == .tooManyRequests, "\(request.method) \(request.uri)")
                #expect(response.headers[.retryAfter] == "1", "\(request.method) \(request.uri)")
                #expect(try errorCode(response) == "too_many_requests", "\(request.method) \(request.uri)")
            }
            #expect(try await client.execute(uri: "/api/creatures/1/photo", method: .get).status == .notFound)
            let small = try await client.execute(uri: "/api/creatures/1", method: .patch, headers: jsonHeaders, body: body(#"{"rating":4}"#))
            #expect(small.status == .ok)
            let creature = try json(try await client.execute(uri: "/api/creatures/1", method: .get))
            #expect(creature["title"] as? String == "Pic")
            #expect(creature["rating"] as? Double == 4)
        }
    }
}
