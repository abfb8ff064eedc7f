import Foundation
import HTTPTypes
import HomepwnerWeb
import HummingbirdTesting
import ImagingSamples
import TestSupport
import Testing
import WebSupport
import WebTestSupport

/// The access token of the servers here.
private let token = "0123456789abcdef-token"

/// Runs `body` against a real Homepwner server (its API) on a free port that needs `token`, with
/// raw requests to it and the test client.
private func withTokenServer(_ body: @escaping @Sendable (RawRequests, any TestClientProtocol) async throws -> Void) async throws {
    try await withTemporaryFolder { folder in
        let app = try await buildApplication(WebConfiguration(port: 0, token: token), storage: .folder(folder), eventLoopGroup: ServerThreads.group)
        try await ServerThreads.run {
            try await app.test(.live) { client in
                try await body(RawRequests(port: try #require(client.port)), client)
            }
        }
    }
}

@Suite("homepwner in token mode on a real server", .timeLimit(.minutes(4)))
struct HomepwnerTokenModeTests {
    @Test("Items, CSV, the inventory zip, stats, locations and attachments say no-store; a photo and a thumbnail private, no-cache with their ETag, their 304s too")
    func dataIsNotStored() async throws {
        try await withTokenServer { raw, client in
            let bearer = "Authorization: Bearer \(token)"
            var json = jsonHeaders
            json[.authorization] = "Bearer \(token)"
            let added = try await client.execute(uri: "/api/items", method: .post, headers: json, body: body(#"{"name":"Lamp","location":"Hall"}"#))
            #expect(added.status == .created)
            let key = try #require(try WebTestSupport.json(added)["itemKey"] as? String)
            let photo = try await client.execute(
                uri: "/api/items/\(key)/photo", method: .put, headers: [.authorization: "Bearer \(token)", .contentType: "image/png"], body: body(try SamplePhotos.png())
            )
            #expect(photo.status == .ok)
            let attached = try await client.execute(
                uri: "/api/items/\(key)/attachments?name=warranty.pdf", method: .post,
                headers: [.authorization: "Bearer \(token)", .contentType: "application/pdf"], body: body(Data("%PDF-1.4\n%%EOF\n".utf8))
            )
            #expect(attached.status == .created)
            let attachment = try #require(try WebTestSupport.json(attached)["name"] as? String)
            let paths = [
                "/api/items", "/api/items/\(key)", "/api/items.csv", "/api/export", "/api/stats", "/api/locations",
                "/api/items/\(key)/attachments", "/api/items/\(key)/attachments/\(attachment)",
            ]
            for path in paths {
                let answer = try await raw.send("GET", path, headers: [bearer])
                #expect(answer.status == 200, "\(path)")
                #expect(answer.headers["cache-control"] == "no-store", "\(path)")
            }
            for path in ["/api/items/\(key)/photo", "/api/items/\(key)/thumbnail"] {
                let answer = try await raw.send("GET", path, headers: [bearer])
                #expect(answer.status == 200, "\(path)")
                #expect(answer.headers["cache-control"] == "private, no-cache", "\(path)")
                let tag = try #require(answer.headers["etag"])
                let notModified = try await raw.send("GET", path, headers: [bearer, "If-None-Match: \(tag)"])
                #expect(notModified.status == 304, "\(path)")
                #expect(notModified.headers["cache-control"] == "private, no-cache", "\(path)")
            }
        }
    }
}
