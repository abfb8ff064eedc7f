import DocumentStore
import Foundation
import HummingbirdTesting
import ObjectStorage
import ScaryCreatures
import ScaryCreaturesPages
import ScaryCreaturesWeb
import TestSupport
import Testing
import WebSupport
import WebTestSupport

@Suite("scary-creatures' health and readiness probes on a real server", .serialized, .timeLimit(.minutes(4)))
struct ProbeRouteTests {
    @Test("/healthz and /readyz answer without the access token; everything else still needs it")
    func probesNeedNoToken() async throws {
        try await TokenServer.run { raw, _ in
            try await ProbeChecks.publicProbes(raw, token: TokenServer.token, protectedPath: "/api/creatures")
        }
    }

    @Test("/readyz is 503 with its reason while the first listing of a slow bucket is read, 200 once the list is in memory; when the storage then fails it is 503 again (never a kept answer), while /healthz stays 200", arguments: S3Store.allCases)
    func readinessFollowsTheListingAndTheStorage(store: S3Store) async throws {
        let bucket = try await ProxiedPrefix.start(store, name: "probes")
        let proxy = bucket.proxy
        let writer = try await ScaryCreatureDatabase.open(storage: .bucket(bucket.direct))
        for title in ["Bat", "Cat"] { _ = try await writer.add(title: title) }
        // The listing's GETs wait 2 s each at the proxy.
        try await proxy.plan([], byMethod: ["GET": Array(repeating: "delay", count: 4)])
        let app = try await buildApplication(
            WebConfiguration(port: 0).underTest(), storage: .bucket(bucket.proxied),
            pages: ScaryCreaturesPages.routes, eventLoopGroup: ServerThreads.group
        )
        try await ServerThreads.run {
            try await app.test(.live) { client in
                let raw = RawRequests(port: try #require(client.port))
                let cold = try await raw.send("GET", "/readyz")
                #expect(cold.status == 503)
                #expect(cold.headers["retry-after"] == "2")
                #expect(cold.text == #"{"ready":false,"reason":"the creatures are still being read from storage (a first listing)"}"#)
                try await waitUntil(limit: .seconds(60)) { try await raw.send("GET", "/readyz").status == 200 }
                // Ready: the list is answered from memory.
                let list = try await raw.send("GET", "/api/creatures")
                #expect(list.status == 200)
                #expect(list.text.contains(#""title":"Bat""#))

                try await proxy.plan([], shares: ["internal": 1])
                try await waitUntil(limit: .seconds(20)) { try await raw.send("GET", "/readyz").status == 503 }
                let failing = try await raw.send("GET", "/readyz")
                #expect(failing.text.hasPrefix(#"{"ready":false,"reason":"the storage failed: s3://\#(S3TestServer.bucket)/\#(bucket.direct.location.prefix): "#))
                #expect(try await raw.send("GET", "/healthz").status == 200)
            }
        }
        await bucket.close()
    }
}
