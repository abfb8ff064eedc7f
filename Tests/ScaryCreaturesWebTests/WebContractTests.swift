import Foundation
import HTTPTypes
import HummingbirdTesting
import ImagingSamples
import Testing
import WebTestSupport

/// WebSupport's contract (``WebContract``, tested on a small app in `WebSupportTests`) kept by
/// the whole app, where its wiring matters: its routes, its response cache, its event stream.
@Suite("scary-creatures keeps WebSupport's contract", .timeLimit(.minutes(4)))
struct WebContractTests {
    /// Runs `body` on a live app holding creature 1 ("Ghost") with a photo.
    private func withCreature(_ body: @escaping @Sendable (any TestClientProtocol, Int) async throws -> Void) async throws {
        try await withApp(setup: .live) { client, _ in
            #expect(try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: WebTestSupport.body(#"{"title":"Ghost"}"#)).status == .created)
            let photo = try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/png"], body: WebTestSupport.body(try SamplePhotos.png()))
            #expect(photo.status == .ok)
            try await body(client, try #require(client.port))
        }
    }

    @Test("HEAD like GET on every route and page, cached answers included; the 404 page and its JSON")
    func headAndNotFound() async throws {
        try await withCreature { client, _ in
            let uris = [
                "/api/creatures", "/api/creatures/1", "/api/creatures/1/photo", "/api/creatures/1/thumbnail",
                "/api/creatures/1/export", "/api/creatures/2", "/openapi.yaml", "/", "/creatures/1", "/creatures/2",
            ]
            try await WebContract.expectHeadAnswersLikeGet(client, uris: uris, headers: BrowserForms.pageHeaders)
            try await WebContract.expectHeadAnswersLikeGet(client, uris: uris, headers: BrowserForms.pageHeaders)  // now from the cache
            try await expectNotFoundAnswers(client)
        }
    }

    @Test("bodies that lie are 400 or 413 on every body-taking route; a repeated Content-Type parameter is 400; the creature is unchanged")
    func wireErrors() async throws {
        try await withCreature { _, port in
            try await WebContract.expectLyingBodiesRefused(port: port, routes: [
                .init("POST", "/api/creatures"), .init("PUT", "/api/creatures/1/photo", type: "image/png"), .init("PATCH", "/api/creatures/1"),
            ], upload: "/api/creatures/1/photo")
            try await WebContract.expectRepeatedContentTypeRefused(port: port, routes: [
                .init("POST", "/api/creatures", body: #"{"title":"a"}"#), .init("PATCH", "/api/creatures/1", body: #"{"rating":1}"#),
                .init("PUT", "/api/creatures/1/photo", type: "image/png", body: "x"),
                .init("PUT", "/api/creatures/1/photo", type: "multipart/form-data; boundary=b", body: "--b--\r\n"),
                .init("POST", "/api/imports", type: "application/zip", body: "PK"),
            ])
            let creature = try await RawConnection.exchange(port: port, "GET /api/creatures/1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            #expect(creature.status == 200)
            #expect(creature.text.contains("Ghost"))
        }
    }

    @Test("Every route answers a foreign Host with 421 and changes nothing — API, pages, photos, export, events, forms, cached answers, HTTP/1.0 too")
    func foreignHostRefused() async throws {
        try await withCreature { client, port in
            // Kept in the response cache, which answers before the router.
            for _ in 0..<2 {
                _ = try await client.execute(uri: "/api/creatures", method: .get)
                _ = try await client.execute(uri: "/api/creatures/1/thumbnail", method: .get)
            }
            try await WebContract.expectForeignHostRefused(port: port, routes: [
                .init("GET", "/"), .init("GET", "/creatures/1"), .init("GET", "/api/creatures"), .init("GET", "/api/creatures/1"),
                .init("GET", "/api/creatures/1/photo"), .init("GET", "/api/creatures/1/thumbnail"), .init("GET", "/api/creatures/1/export"),
                .init("GET", "/api/events"), .init("GET", "/openapi.yaml"), .init("HEAD", "/api/creatures"),
                .init("POST", "/api/creatures", body: "{\"title\":\"Rebound\",\"rating\":1}"), .init("PATCH", "/api/creatures/1", body: "{\"title\":\"Rebound\"}"),
                .init("DELETE", "/api/creatures/1/photo"), .init("DELETE", "/api/creatures/1"), .init("POST", "/api/imports", body: "x"),
                .init("POST", "/creatures", body: "title=Rebound&rating=1"), .init("POST", "/creatures/1", body: "title=Rebound"), .init("POST", "/creatures/1/delete"),
            ])
            let list = try json(try await client.execute(uri: "/api/creatures", method: .get))
            let creatures = try #require(list["creatures"] as? [[String: Any]])
            #expect(creatures.map { $0["title"] as? String } == ["Ghost"])
            #expect(try await client.execute(uri: "/api/creatures/1/photo", method: .get).status == .ok)
            // The app's own names still work on the same server.
            let own = try await RawConnection.exchange(port: port, "GET /api/creatures HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n")
            #expect(own.status == 200)
        }
    }

    @Test("the app's event stream holds to the places: of 300 streams all are served, the 44 oldest ended by the server, the next one 200 once all close")
    func eventStreamPlaces() async throws {
        try await withApp(setup: .live) { client, _ in try await WebContract.expectEventStreamPlaces(port: try #require(client.port)) }
    }
}
