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

/// Runs `body` against the whole app (router test framework) on a fresh data folder, holding
/// `archive` as its items.archive if given.
func withApp(
    token: String? = nil, maxBodyBytes: Int = 26 << 20, maxUploads: Int = 8, maxEventStreams: Int = 256, archive: Data? = nil,
    _ body: @escaping @Sendable (any TestClientProtocol, URL) async throws -> Void
) async throws {
    try await withTemporaryFolder { folder in
        try archive?.write(to: folder.appendingPathComponent("items.archive"))
        let app = try await buildApplication(WebConfiguration(
            port: 0, dataFolder: folder, token: token, maxBodyBytes: maxBodyBytes, maxUploads: maxUploads, maxEventStreams: maxEventStreams
        ))
        try await app.test(.router) { client in try await body(client, folder) }
    }
}

/// Adds an item through the API; its JSON.
@discardableResult
func addItem(_ client: any TestClientProtocol, _ json: String) async throws -> [String: Any] {
    let response = try await client.execute(uri: "/api/items", method: .post, headers: jsonHeaders, body: body(json))
    #expect(response.status == .created, "\(String(buffer: response.body))")
    return try WebTestSupport.json(response)
}
