import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WebTestSupport
import ImagingSamples

@Suite("DNS rebinding against the Scary Creatures server", .timeLimit(.minutes(2)))
struct DNSRebindingTests {
    /// Every route, as a page whose name was rebound to 127.0.0.1 would send it.
    static let routes: [(method: String, path: String, body: String)] = [
        ("GET", "/", ""), ("GET", "/creatures/1", ""), ("GET", "/api/creatures", ""), ("GET", "/api/creatures/1", ""),
        ("GET", "/api/creatures/1/photo", ""), ("GET", "/api/creatures/1/thumbnail", ""), ("GET", "/api/creatures/1/export", ""),
        ("GET", "/api/events", ""), ("GET", "/openapi.yaml", ""), ("HEAD", "/api/creatures", ""),
        ("POST", "/api/creatures", "{\"title\":\"Rebound\",\"rating\":1}"), ("PATCH", "/api/creatures/1", "{\"title\":\"Rebound\"}"),
        ("DELETE", "/api/creatures/1/photo", ""), ("DELETE", "/api/creatures/1", ""), ("POST", "/api/imports", "x"),
        ("POST", "/creatures", "title=Rebound&rating=1"), ("POST", "/creatures/1", "title=Rebound"), ("POST", "/creatures/1/delete", ""),
    ]

    @Test("Every route answers a foreign Host with 421 and changes nothing — API, pages, photos, export, events, forms, cached answers, HTTP/1.0 too")
    func everyRouteRefusesAForeignHost() async throws {
        try await withApp(setup: .live) { client, _ in
            let port = try #require(client.port)
            #expect(try await client.execute(uri: "/api/creatures", method: .post, headers: jsonHeaders, body: body("{\"title\":\"Ghoul\",\"rating\":2}")).status == .created)
            _ = try await client.execute(uri: "/api/creatures/1/photo", method: .put, headers: [.contentType: "image/png"], body: body(try SamplePhotos.png()))
            // Kept in the response cache, which answers before the router.
            for _ in 0..<2 {
                _ = try await client.execute(uri: "/api/creatures", method: .get)
                _ = try await client.execute(uri: "/api/creatures/1/thumbnail", method: .get)
            }
            for version in ["HTTP/1.1", "HTTP/1.0"] {
                for route in Self.routes {
                    let request = "\(route.method) \(route.path) \(version)\r\nHost: evil.example:\(port)\r\nOrigin: http://evil.example:\(port)\r\n"
                        + "Content-Type: \(route.path.hasPrefix("/api") ? "application/json" : "application/x-www-form-urlencoded")\r\n"
                        + "Content-Length: \(route.body.utf8.count)\r\n\r\n\(route.body)"
                    let response = try await RawConnection.exchange(port: port, request)
                    #expect(response.status == 421, "\(version) \(route.method) \(route.path)")
                    if route.method != "HEAD" { #expect(response.errorCode == "unknown_host", "\(route.method) \(route.path)") }
                }
            }
            let list = try json(try await client.execute(uri: "/api/creatures", method: .get))
            let creatures = try #require(list["creatures"] as? [[String: Any]])
            #expect(creatures.map { $0["title"] as? String } == ["Ghoul"])
            #expect(try await client.execute(uri: "/api/creatures/1/photo", method: .get).status == .ok)
            // The app's own names still work on the same server.
            let own = try await RawConnection.exchange(port: port, "GET /api/creatures HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n")
            #expect(own.status == 200)
        }
    }
}
