import Foundation
import Homepwner
import HomepwnerPages
import HTTPTypes
import Hummingbird
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
    _ body: @escaping @Sendable (any TestClientProtocol, ItemStore) async throws -> Void
) async throws {
    let folder = try makeTemporaryFolder()
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

/// What a browser sends to the pages (the pages here run without the form guard, so the token
/// the forms carry is not checked).
let forms = BrowserForms(cookiePrefix: "homepwner")
