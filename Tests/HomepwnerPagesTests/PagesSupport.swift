import Foundation
import Homepwner
import HomepwnerPages
import HTTPTypes
import Hummingbird
import KeyedArchive
import HummingbirdTesting
import Synchronization
import Testing
import TestSupport
import WebSupport
import WebTestSupport

/// The fixed clock of the pages under test: 2026-11-23 12:00:00 UTC.
let testNow = Date(timeIntervalSince1970: 1_795_435_200)

/// Runs `body` against a router with just the Homepwner pages and WebSupport's middleware, on a
/// fresh data folder (created first, so a test can put a file in it before the store opens).
func withPages(
    prepare: (URL) throws -> Void = { _ in },
    storeNow: @escaping @Sendable () -> Date = { testNow },
    publicURL: PublicURL? = nil,
    keys: [String] = [],
    _ body: @escaping @Sendable (any TestClientProtocol, ItemStore) async throws -> Void
) async throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try prepare(folder)
    // New items take `keys` in order, then fresh UUIDs.
    let handedOut = Mutex(0)
    let store = ItemStore(storage: .folder(folder), lockTimeout: .seconds(1), now: storeNow, makeKey: {
        let index = handedOut.withLock { count in
            count += 1
            return count - 1
        }
        return index < keys.count ? keys[index] : UUID().uuidString
    })
    try await store.load()
    let pages = try HomepwnerPages(store: store, repairCommand: "homepwner check --repair --data-dir /data", now: { testNow }, publicURL: publicURL)
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

/// What a browser sends to the pages (the pages here run without the form guard, so the token
/// the forms carry is not checked).
let forms = BrowserForms(cookiePrefix: "homepwner")

/// An `items.archive` whose root's element 0 refers to object 40, which is not there (so the
/// archive is damaged), and whose element 1 is an item that still reads: `name`, serial `S-1`,
/// value 75, key `key`, with each of `details` (archive key and text) as a further string key.
func damagedArchiveBytes(key: String, name: String, details: [(key: String, text: String)] = []) throws -> Data {
    var fields: [PropertyListKey: PropertyList] = [
        "$class": .uid(4), "itemName": .uid(5), "serialNumber": .uid(6), "itemKey": .uid(7),
        "valueInDollars": .integer(75), "dateCreated": .uid(8),
    ]
    var objects: [PropertyList] = [
        .string("$null"),
        .dictionary(["$class": .uid(2), "NS.objects": .array([.uid(40), .uid(3)])]),
        .dictionary(["$classname": .string("NSMutableArray"), "$classes": .array([.string("NSMutableArray"), .string("NSArray"), .string("NSObject")])]),
        .string(""),  // the item, set below
        .dictionary(["$classname": .string("BNRItem"), "$classes": .array([.string("BNRItem"), .string("NSObject")])]),
        .string(name),
        .string("S-1"),
        .string(key),
        .dictionary(["$class": .uid(9), "NS.time": .real(817_000_000)]),
        .dictionary(["$classname": .string("NSDate"), "$classes": .array([.string("NSDate"), .string("NSObject")])]),
    ]
    for detail in details {
        fields[PropertyListKey(detail.key)] = .uid(UInt32(objects.count))
        objects.append(.string(detail.text))
    }
    objects[3] = .dictionary(fields)
    return try PropertyList.dictionary([
        "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100_000), "$top": .dictionary(["root": .uid(1)]),
        "$objects": .array(objects),
    ]).encoded(as: .binary)
}

/// The headers and body of a page's upload form holding `data` as its field `file`, sent with
/// `fileName` and `type`, and the form token.
func fileUpload(_ data: Data, fileName: String, type: String) -> (headers: HTTPFields, body: Data) {
    let boundary = "XyZ"
    var form = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(fileName)\"\r\nContent-Type: \(type)\r\n\r\n".utf8)
    form.append(data)
    form.append(Data("\r\n--\(boundary)--\r\n".utf8))
    var headers = forms.headers
    headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
    return (headers, form)
}
