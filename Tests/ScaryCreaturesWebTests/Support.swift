import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ScaryCreaturesPages
import ScaryCreaturesWeb
import TestSupport
import WebSupport
import WebTestSupport
import Testing

/// Runs `body` against the whole app (API and pages) on a fresh data folder: through the router test framework,
/// or a real server on a free port with `setup: .live`; `onWatching` once the folder watch sees
/// every bundle.
func withApp(
    token: String? = nil, maxBodyBytes: Int = 26 << 20, maxUploads: Int = 8, maxEventStreams: Int = 256, setup: TestingSetup = .router,
    timeouts: ConnectionTimeouts = ConnectionTimeouts(), onWatching: @escaping @Sendable () async -> Void = {},
    _ body: @escaping @Sendable (any TestClientProtocol, URL) async throws -> Void
) async throws {
    try await withTemporaryFolder { folder in
        let app = try await buildApplication(WebConfiguration(
            port: 0, token: token, maxBodyBytes: maxBodyBytes, maxUploads: maxUploads, maxEventStreams: maxEventStreams,
            timeouts: timeouts
        ).underTest(), storage: .folder(folder), pages: ScaryCreaturesPages.routes, onWatching: onWatching, eventLoopGroup: ServerThreads.group)
        // A live server answers on loops of its own, whatever other tests do on Swift's pool.
        try await ServerThreads.run { try await app.test(setup) { client in try await body(client, folder) } }
    }
}

/// What a browser sends to the pages: page requests, and forms with the token its cookie holds.
let forms = BrowserForms(cookiePrefix: "scary_creatures")
