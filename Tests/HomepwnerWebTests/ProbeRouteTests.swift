import Foundation
import HomepwnerWeb
import HummingbirdTesting
import TestSupport
import Testing
import WebSupport
import WebTestSupport

@Suite("homepwner's health and readiness probes on a real server", .timeLimit(.minutes(4)))
struct ProbeRouteTests {
    @Test("/healthz and /readyz answer without the access token (everything else still needs it); /readyz is 503 with the reason once the data folder is gone, 200 again when it is back")
    func probes() async throws {
        try await withTemporaryFolder { parent in
            let folder = parent.appendingPathComponent("data")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let app = try await buildApplication(WebConfiguration(port: 0, token: "0123456789abcdef-token").underTest(), storage: .folder(folder), eventLoopGroup: ServerThreads.group)
            try await ServerThreads.run {
                try await app.test(.live) { client in
                    let raw = RawRequests(port: try #require(client.port))
                    try await ProbeChecks.publicProbes(raw, token: "0123456789abcdef-token", protectedPath: "/api/items")

                    let aside = parent.appendingPathComponent("aside")
                    try FileManager.default.moveItem(at: folder, to: aside)
                    // A readiness answer is kept for a second: asked until it is the new one.
                    try await waitUntil(limit: .seconds(10)) { try await raw.send("GET", "/readyz").status == 503 }
                    let gone = try await raw.send("GET", "/readyz")
                    #expect(gone.headers["retry-after"] == "2")
                    #expect(gone.headers["cache-control"] == "no-store")
                    let reason = try #require(try JSONSerialization.jsonObject(with: Data(gone.body)) as? [String: Any])
                    #expect(reason["ready"] as? Bool == false)
                    #expect((reason["reason"] as? String)?.contains("\(folder.path) is missing") == true)
                    #expect(try await raw.send("GET", "/healthz").status == 200)

                    try FileManager.default.moveItem(at: aside, to: folder)
                    try await waitUntil(limit: .seconds(10)) { try await raw.send("GET", "/readyz").status == 200 }
                }
            }
        }
    }
}
