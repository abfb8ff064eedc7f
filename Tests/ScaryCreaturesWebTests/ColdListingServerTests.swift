import DocumentStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ObjectStorage
import ScaryCreatures
import ScaryCreaturesPages
import ScaryCreaturesWeb
import Synchronization
import Testing
import TestSupport
import WebSupport
import WebTestSupport

/// The server's side of a cold listing: a request that cannot wait for it is answered at once,
/// and the listing goes on for the next.
@Suite("A cold listing through the server: 503 with Retry-After past the wait, then the list", .serialized, .timeLimit(.minutes(4)))
struct ColdListingServerTests {
    @Test("while the first listing of a slow bucket is read, the list and the list page answer 503 unavailable with Retry-After once the wait passes; the same listing then answers both", arguments: S3Store.allCases)
    func slowListingIs503ThenTheList(store: S3Store) async throws {
        let bucket = try await ProxiedPrefix.start(store, name: "cold-server")
        let proxy = bucket.proxy
        let writer = try await ScaryCreatureDatabase.open(storage: .bucket(bucket.direct))
        for title in ["Bat", "Cat"] { _ = try await writer.add(title: title) }
        var configuration = WebConfiguration(port: 0)
        configuration.sharedWorkWait = .milliseconds(300)
        let app = try await buildApplication(configuration, storage: .bucket(bucket.proxied), pages: ScaryCreaturesPages.routes)
        try await app.test(.router) { client in
            try await proxy.plan([], byMethod: ["GET": Array(repeating: "delay", count: 4)])
            let api = try await client.execute(uri: "/api/creatures", method: .get)
            #expect(api.status == .serviceUnavailable)
            #expect(api.headers[.retryAfter] == "2")
            #expect(try errorCode(api) == "unavailable")
            let page = try await client.execute(uri: "/", method: .get, headers: BrowserForms.pageHeaders)
            #expect(page.status == .serviceUnavailable)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
            // Asked again until the listing has ended (each ask waits 300 ms more): the answer is it.
            let listed = Mutex<[String]?>(nil)
            try await waitUntil(limit: .seconds(60)) {
                let answer = try await client.execute(uri: "/api/creatures", method: .get)
                guard answer.status == .ok else { return false }
                listed.withLock { $0 = (try? json(answer)["creatures"] as? [[String: Any]])?.compactMap { $0["title"] as? String } }
                return true
            }
            #expect(listed.withLock { $0 } == ["Bat", "Cat"])
        }
        await bucket.close()
    }
}
