import Foundation
import Testing
import WebTestSupport
import TestSupport

@Suite("DNS rebinding against homepwner serve", .timeLimit(.minutes(2)))
struct DNSRebindingTests {
    @Test("Every route of the real server answers a foreign Host with 421 and changes nothing — API, CSV, pages, photos, events, forms, HTTP/1.0 too")
    func everyRouteRefusesAForeignHost() async throws {
        try await withTemporaryFolder { folder in
            let server = try await ServedProcess.homepwner(dataDir: folder)
            defer { _ = server.stop() }
            let (_, _, created) = try await server.request("POST", "api/items", body: Data(#"{"name":"Lamp"}"#.utf8), headers: ["Content-Type": "application/json"])
            let key = try #require(try jsonObject(created)["itemKey"] as? String)
            let routes: [(method: String, path: String, body: String)] = [
                ("GET", "/", ""), ("GET", "/items/\(key)", ""), ("GET", "/api/items", ""), ("GET", "/api/items.csv", ""),
                ("GET", "/api/items/\(key)", ""), ("GET", "/api/items/\(key)/photo", ""), ("GET", "/api/items/\(key)/thumbnail", ""),
                ("GET", "/api/stats", ""), ("GET", "/api/events", ""), ("GET", "/openapi.yaml", ""), ("HEAD", "/api/items", ""),
                ("POST", "/api/items", #"{"name":"Rebound"}"#), ("PATCH", "/api/items/\(key)", #"{"name":"Rebound"}"#),
                ("PUT", "/api/items/\(key)/photo", "x"), ("DELETE", "/api/items/\(key)", ""),
                ("POST", "/items", "name=Rebound"), ("POST", "/items/\(key)", "name=Rebound"), ("POST", "/items/\(key)/delete", ""),
            ]
            for version in ["HTTP/1.1", "HTTP/1.0"] {
                for route in routes {
                    let request = "\(route.method) \(route.path) \(version)\r\nHost: evil.example:\(server.port)\r\nOrigin: http://evil.example:\(server.port)\r\n"
                        + "Content-Type: \(route.path.hasPrefix("/api") ? "application/json" : "application/x-www-form-urlencoded")\r\n"
                        + "Content-Length: \(route.body.utf8.count)\r\n\r\n\(route.body)"
                    let response = try await RawConnection.exchange(port: server.port, request)
                    #expect(response.status == 421, "\(version) \(route.method) \(route.path)")
                    if route.method != "HEAD" { #expect(response.errorCode == "unknown_host", "\(route.method) \(route.path)") }
                }
            }
            let (status, _, list) = try await server.request("GET", "api/items")
            #expect(status == 200)
            let items = try #require(try jsonObject(list)["items"] as? [[String: Any]])
            #expect(items.map { $0["name"] as? String } == ["Lamp"])
        }
    }
}
