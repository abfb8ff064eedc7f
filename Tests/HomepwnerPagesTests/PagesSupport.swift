import Foundation
import Homepwner
import HomepwnerPages
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing
import WebSupport

/// The fixed clock of the pages under test: 2026-11-23 12:00:00 UTC.
let testNow = Date(timeIntervalSince1970: 1_795_435_200)

/// Runs `body` against a router with just the Homepwner pages and WebSupport's middleware, on a
/// fresh data folder (created first, so a test can put a file in it before the store opens).
func withPages(
    prepare: (URL) throws -> Void = { _ in },
    storeNow: @escaping @Sendable () -> Date = { testNow },
    _ body: @escaping @Sendable (any TestClientProtocol, ItemStore) async throws -> Void
) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("HomepwnerPagesTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try prepare(folder)
    let store = ItemStore(folder: folder, lockTimeout: .seconds(1), now: storeNow)
    try await store.load()
    let pages = try HomepwnerPages(store: store, repairCommand: "homepwner check --repair --data-dir /data", now: { testNow })
    let router = Router()
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: ErrorMiddleware(map: { ($0 as? HomepwnerError).map { APIError(.badRequest, code: $0.code.rawValue, $0.message) } }))
    router.add(middleware: CrossSiteMiddleware())
    pages.addRoutes(to: router)
    let app = Application(router: router)
    try await app.test(.router) { client in try await body(client, store) }
    try await store.close()
}

/// A clock that moves one second forward each time it is read, from ``testNow``.
func steppingClock() -> @Sendable () -> Date {
    let ticks = Mutex(0)
    return {
        let tick = ticks.withLock { value in
            value += 1
            return value
        }
        return testNow.addingTimeInterval(Double(tick))
    }
}

/// The headers a browser sends with a plain same-origin form.
let formHeaders: HTTPFields = [.contentType: "application/x-www-form-urlencoded", HTTPField.Name("Sec-Fetch-Site")!: "same-origin"]

/// The headers a browser sends for a page.
let pageHeaders: HTTPFields = [.accept: "text/html,application/xhtml+xml"]

/// A response body as text.
func text(_ response: TestResponse) -> String { String(buffer: response.body) }

/// A request body from a string.
func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

/// A `multipart/form-data` body with one file field, as a browser sends a plain file form.
func multipartBody(field: String, filename: String, type: String, data: Data, boundary: String = "----homepwner-boundary-Q2x9") -> (HTTPFields, ByteBuffer) {
    var bytes = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"; filename=\"\(filename)\"\r\nContent-Type: \(type)\r\n\r\n".utf8)
    bytes.append(data)
    bytes.append(Data("\r\n--\(boundary)--\r\n".utf8))
    let headers: HTTPFields = [.contentType: "multipart/form-data; boundary=\(boundary)", HTTPField.Name("Sec-Fetch-Site")!: "same-origin"]
    return (headers, ByteBuffer(bytes: bytes))
}
