import Foundation
import HTTPTypes
import Homepwner
import HomepwnerWeb
import Hummingbird
import HummingbirdTesting
import Imaging
import Testing
import WebSupport
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

/// JSON request headers.
let jsonHeaders: HTTPFields = [.contentType: "application/json"]

/// A request body from a string.
func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

/// A request body from bytes.
func body(_ data: Data) -> ByteBuffer { ByteBuffer(bytes: data) }

/// A response body as a JSON object.
func json(_ response: TestResponse) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
}

/// The `{"error": {"code": …}}` of an error response.
func errorCode(_ response: TestResponse) throws -> String? {
    (try json(response)["error"] as? [String: Any])?["code"] as? String
}

/// The `{"error": {"message": …}}` of an error response.
func errorMessage(_ response: TestResponse) throws -> String? {
    (try json(response)["error"] as? [String: Any])?["message"] as? String
}

/// Adds an item through the API; its JSON.
@discardableResult
func addItem(_ client: any TestClientProtocol, _ json: String) async throws -> [String: Any] {
    let response = try await client.execute(uri: "/api/items", method: .post, headers: jsonHeaders, body: body(json))
    #expect(response.status == .created, "\(String(buffer: response.body))")
    return try HomepwnerWebTests.json(response)
}

/// Test photos.
enum Photos {
    /// A 200×120 PNG.
    static func png() throws -> Data {
        try PNGEncoder.encode(PixelImage(width: 200, height: 120, channels: 3) { x, _ in x < 100 ? [220, 20, 20] : [20, 20, 220] })
    }

    /// A 160×160 JPEG.
    static func jpeg() throws -> Data {
        try JPEGEncoder.encode(PixelImage(width: 160, height: 160, channels: 3) { _, _ in [20, 200, 20] })
    }
}
