import Foundation
import HTTPTypes
import Homepwner
import HomepwnerWeb
import Hummingbird
import HummingbirdTesting
import Imaging
import Testing
import WebSupport
import WebTestSupport
import TestSupport

/// Runs `body` against the whole app on a fresh data folder, holding `archive` as its
/// items.archive if given: through the router test framework, or a real server on a free port
/// with `setup: .live`.
func withApp(
    token: String? = nil, maxBodyBytes: Int = 26 << 20, maxUploads: Int = 8, maxEventStreams: Int = 256, archive: Data? = nil,
    setup: TestingSetup = .router,
    _ body: @escaping @Sendable (any TestClientProtocol, URL) async throws -> Void
) async throws {
    try await withTemporaryFolder { folder in
        try archive?.write(to: folder.appendingPathComponent("items.archive"))
        let app = try await buildApplication(WebConfiguration(
            port: 0, token: token, maxBodyBytes: maxBodyBytes, maxUploads: maxUploads, maxEventStreams: maxEventStreams
        ), storage: .folder(folder), eventLoopGroup: ServerThreads.group)
        // A live server answers on loops of its own, whatever other tests do on Swift's pool.
        try await ServerThreads.run { try await app.test(setup) { client in try await body(client, folder) } }
    }
}

/// Adds an item through the API; its JSON.
@discardableResult
func addItem(_ client: any TestClientProtocol, _ json: String) async throws -> [String: Any] {
    let response = try await client.execute(uri: "/api/items", method: .post, headers: jsonHeaders, body: body(json))
    #expect(response.status == .created, "\(String(buffer: response.body))")
    return try WebTestSupport.json(response)
}
