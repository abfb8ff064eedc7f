import Foundation
import HTTPTypes
import Homepwner
import HummingbirdTesting
import Testing
import ImagingSamples
import WebTestSupport

@Suite("Homepwner API: a damaged archive, security and the API document")
struct ServerStateTests {
    @Test("a damaged items.archive: the list says read-only and why, every change is 409 naming check --repair, the file stays")
    func damagedArchive() async throws {
        let garbage = Data("garbage, not a keyed archive".utf8)
        try await withApp(archive: garbage) { client, folder in
            let list = try json(try await client.execute(uri: "/api/items", method: .get))
            #expect(list["readOnly"] as? Bool == true)
            #expect(list["count"] as? Int == 0)
            let problem = try #require(list["problem"] as? String)
            #expect(problem.hasSuffix(". The server holds the data folder: stop it, run homepwner check --repair, and start it again"))
            let post = try await client.execute(uri: "/api/items", method: .post, headers: jsonHeaders, body: body(#"{"name":"Lamp"}"#))
            #expect(post.status == .conflict)
            #expect(try errorCode(post) == "read_only")
            let message = try #require(try errorMessage(post))
            #expect(message.hasPrefix("nothing was changed: \(folder.standardizedFileURL.path)/items.archive is damaged ("))
            #expect(message.hasSuffix(") and no item could be read from it. The server holds the data folder: stop it, run homepwner check --repair, and start it again"))
            let key = "00000000-0000-0000-0000-000000000000"
            let put = try await client.execute(uri: "/api/items/\(key)/photo", method: .put, headers: [.contentType: "image/png"], body: body(try SamplePhotos.png()))
            #expect(put.status == .conflict)
            #expect(try Data(contentsOf: folder.appendingPathComponent("items.archive")) == garbage)
        }
    }

    @Test("every answer has CSP, nosniff and Referrer-Policy; a wrong method is 405 with Allow")
    func headersAndMethods() async throws {
        try await withApp { client, _ in
            let response = try await client.execute(uri: "/api/items", method: .get)
            #expect(response.headers[.contentSecurityPolicy] != nil)
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
            #expect(response.headers[try #require(HTTPField.Name("Referrer-Policy"))] == "same-origin")
            let put = try await client.execute(uri: "/api/items", method: .put)
            #expect(put.status == .methodNotAllowed)
            #expect(put.headers[.allow] == "GET, HEAD, POST")
            #expect(try errorCode(put) != nil)
        }
    }

    @Test("a cross-site POST is refused with 403 and adds nothing")
    func crossSite() async throws {
        try await withApp { client, folder in
            let response = try await client.execute(
                uri: "/api/items", method: .post,
                headers: [.contentType: "application/json", .origin: "https://evil.example"], body: body(#"{"name":"Lamp"}"#)
            )
            #expect(response.status == .forbidden)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("items.archive").path))
        }
    }

    @Test("with a token, a request without it is 401 and one with the bearer token is served")
    func token() async throws {
        let token = "0123456789abcdef-token"
        try await withApp(token: token) { client, _ in
            let without = try await client.execute(uri: "/api/items", method: .get)
            #expect(without.status == .unauthorized)
            #expect(try errorCode(without) == "unauthorized")
            let with = try await client.execute(uri: "/api/items", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(with.status == .ok)
        }
    }

    @Test("/openapi.yaml is the document the API was generated from")
    func document() async throws {
        try await withApp { client, _ in
            let response = try await client.execute(uri: "/openapi.yaml", method: .get)
            #expect(response.status == .ok)
            let text = String(buffer: response.body)
            #expect(text.hasPrefix("openapi: \"3.1.0\"\ninfo:\n  title: Homepwner\n"))
            #expect(text.contains("operationId: updateItem"))
        }
    }
}
