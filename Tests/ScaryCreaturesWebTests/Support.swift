import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Imaging
import ScaryCreaturesWeb
import WebSupport
import Testing

/// Runs `body` against the whole app on a fresh data folder: through the router test framework,
/// or a real server on a free port with `setup: .live`.
func withApp(
    token: String? = nil, maxBodyBytes: Int = 26 << 20, maxUploads: Int = 8, maxEventStreams: Int = 256, setup: TestingSetup = .router,
    timeouts: ConnectionTimeouts = ConnectionTimeouts(),
    _ body: @escaping @Sendable (any TestClientProtocol, URL) async throws -> Void
) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ScaryCreaturesWebTests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = try await buildApplication(WebConfiguration(
        port: 0, dataFolder: folder, token: token, maxBodyBytes: maxBodyBytes, maxUploads: maxUploads, maxEventStreams: maxEventStreams,
        timeouts: timeouts
    ))
    try await app.test(setup) { client in try await body(client, folder) }
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
