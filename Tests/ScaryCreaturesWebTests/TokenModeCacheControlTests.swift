import Foundation
import HTTPTypes
import HummingbirdTesting
import ImagingSamples
import Testing
import WebTestSupport

@Suite("Token mode on a real server: answers that carry data are not kept by caches", .timeLimit(.minutes(4)))
struct TokenModeCacheControlTests {
    @Test("API JSON and the export zip say no-store; a photo and a thumbnail say private, no-cache with their ETag, and so do their 304s")
    func dataIsNotStored() async throws {
        try await TokenServer.run { raw, client in
            let auth: HTTPFields = [.authorization: "Bearer \(TokenServer.token)"]
            var json = jsonHeaders
            json[.authorization] = "Bearer \(TokenServer.token)"
            #expect(try await client.execute(uri: "/api/creatures", method: .post, headers: json, body: body(#"{"title":"Ghoul","rating":2}"#)).status == .created)
            var png = auth
            png[.contentType] = "image/png"
            #expect(try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: png, body: body(try SamplePhotos.png())).status == .ok)
            for path in ["/api/creatures", "/api/creatures?sort=title", "/api/creatures/1", "/api/creatures/1/export"] {
                for _ in 0..<2 {  // made, then kept by the response cache
                    let answer = try await raw.send("GET", path, headers: [TokenServer.bearer])
                    #expect(answer.status == 200, "\(path)")
                    #expect(answer.headers["cache-control"] == "no-store", "\(path)")
                }
            }
            for path in ["/api/creatures/1/photo", "/api/creatures/1/thumbnail"] {
                for _ in 0..<2 {
                    let answer = try await raw.send("GET", path, headers: [TokenServer.bearer])
                    #expect(answer.status == 200, "\(path)")
                    #expect(answer.headers["cache-control"] == "private, no-cache", "\(path)")
                    let tag = try #require(answer.headers["etag"])
                    let notModified = try await raw.send("GET", path, headers: [TokenServer.bearer, "If-None-Match: \(tag)"])
                    #expect(notModified.status == 304, "\(path)")
                    #expect(notModified.headers["cache-control"] == "private, no-cache", "\(path)")
                }
            }
            let refused = try await raw.send("GET", "/api/creatures")
            #expect(refused.headers["cache-control"] == "no-store")
        }
    }

    @Test("Without a token too, answers kept by the response cache and sent before the router carry the same Cache-Control")
    func keptAnswersCarryIt() async throws {
        try await withApp(setup: .live) { client, _ in
            let raw = RawRequests(port: try #require(client.port))
            #expect(try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body(#"{"title":"Ghoul","rating":2}"#)).status == .created)
            _ = try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/png"], body: body(try SamplePhotos.png()))
            for _ in 0..<3 {
                #expect(try await raw.send("GET", "/api/creatures").headers["cache-control"] == "no-store")
                let thumbnail = try await raw.send("GET", "/api/creatures/1/thumbnail")
                #expect(thumbnail.headers["cache-control"] == "private, no-cache")
                let tag = try #require(thumbnail.headers["etag"])
                let notModified = try await raw.send("GET", "/api/creatures/1/thumbnail", headers: ["If-None-Match: \(tag)"])
                #expect(notModified.status == 304)
                #expect(notModified.headers["cache-control"] == "private, no-cache")
            }
        }
    }
}
