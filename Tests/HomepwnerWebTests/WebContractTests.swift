import Foundation
import HTTPTypes
import HummingbirdTesting
import ImagingSamples
import Testing
import TestSupport
import WebTestSupport

/// WebSupport's contract (``WebContract``, tested on a small app in `WebSupportTests`) kept by
/// the whole app, where its wiring matters: its routes, and `homepwner serve` as a process.
@Suite("homepwner keeps WebSupport's contract", .timeLimit(.minutes(4)))
struct WebContractTests {
    @Test("HEAD like GET on every API route, the CSV and the document; the 404 page and its JSON")
    func headAndNotFound() async throws {
        try await withApp { client, _ in
            let key = try #require(try await addItem(client, #"{"name":"Lamp"}"#)["itemKey"] as? String)
            _ = try await client.execute(uri: "/api/items/\(key)/photo", method: .put, headers: [.contentType: "image/png"], body: body(try SamplePhotos.png()))
            try await WebContract.expectHeadAnswersLikeGet(client, uris: [
                "/api/items", "/api/items.csv", "/api/items/\(key)", "/api/items/\(key)/photo", "/api/items/\(key)/thumbnail",
                "/api/items/00000000-0000-0000-0000-000000000000", "/api/stats", "/openapi.yaml",
            ])
            try await expectNotFoundAnswers(client)
        }
    }

    @Test("homepwner serve: bodies that lie are 400 or 413, a repeated Content-Type parameter is 400, a foreign Host is 421 on every route — API, CSV, pages, photos, events, forms, HTTP/1.0 too — and nothing changes; 300 event streams hold to the places")
    func serveKeepsTheContract() async throws {
        try await withTemporaryFolder { folder in
            let server = try await ServedProcess.homepwner(dataDir: folder)
            defer { _ = server.stop() }
            let (_, _, created) = try await server.request("POST", "api/items", body: Data(#"{"name":"Lamp"}"#.utf8), headers: ["Content-Type": "application/json"])
            let key = try #require(try jsonObject(created)["itemKey"] as? String)
            try await WebContract.expectLyingBodiesRefused(port: server.port, routes: [
                .init("POST", "/api/items"), .init("PUT", "/api/items/\(key)/photo", type: "image/png"), .init("PATCH", "/api/items/\(key)"),
            ], upload: "/api/items/\(key)/photo")
            try await WebContract.expectRepeatedContentTypeRefused(port: server.port, routes: [
                .init("POST", "/api/items", body: #"{"name":"a"}"#), .init("PATCH", "/api/items/\(key)", body: #"{"name":"b"}"#),
                .init("PUT", "/api/items/\(key)/photo", type: "image/png", body: "x"),
                .init("PUT", "/api/items/\(key)/photo", type: "multipart/form-data; boundary=b", body: "--b--\r\n"),
                .init("POST", "/api/items/\(key)/attachments", type: "multipart/form-data; boundary=b", body: "--b--\r\n"),
                .init("POST", "/api/items/import", type: "text/csv", body: "Name\r\nx\r\n"), .init("POST", "/api/import", type: "application/zip", body: "PK"),
            ])
            try await WebContract.expectForeignHostRefused(port: server.port, routes: [
                .init("GET", "/"), .init("GET", "/items/\(key)"), .init("GET", "/api/items"), .init("GET", "/api/items.csv"),
                .init("GET", "/api/items/\(key)"), .init("GET", "/api/items/\(key)/photo"), .init("GET", "/api/items/\(key)/thumbnail"),
                .init("GET", "/api/stats"), .init("GET", "/api/events"), .init("GET", "/openapi.yaml"), .init("HEAD", "/api/items"),
                .init("POST", "/api/items", body: #"{"name":"Rebound"}"#), .init("PATCH", "/api/items/\(key)", body: #"{"name":"Rebound"}"#),
                .init("PUT", "/api/items/\(key)/photo", body: "x"), .init("DELETE", "/api/items/\(key)"),
                .init("POST", "/items", body: "name=Rebound"), .init("POST", "/items/\(key)", body: "name=Rebound"), .init("POST", "/items/\(key)/delete"),
            ])
            let item = try await RawConnection.exchange(port: server.port, "GET /api/items/\(key) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            #expect(item.status == 200)
            #expect(item.text.contains("Lamp"))
            let (status, _, list) = try await server.request("GET", "api/items")
            #expect(status == 200)
            let items = try #require(try jsonObject(list)["items"] as? [[String: Any]])
            #expect(items.map { $0["name"] as? String } == ["Lamp"])
            try await WebContract.expectEventStreamPlaces(port: server.port)
        }
    }
}
