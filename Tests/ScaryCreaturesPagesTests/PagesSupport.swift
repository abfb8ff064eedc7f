import Foundation
import Hummingbird
import HummingbirdTesting
import ScaryCreaturesPages
import ScaryCreaturesWeb
import TestSupport
import WebSupport
import WebTestSupport

/// Runs `body` against the server with its pages (as `scary-creatures serve` runs it: the pages
/// read and change the data through the same database as the API) on a fresh data folder,
/// requiring `token` if given.
func withApp(token: String? = nil, _ body: @escaping @Sendable (any TestClientProtocol, URL) async throws -> Void) async throws {
    try await withTemporaryFolder { folder in
        let app = try await buildApplication(WebConfiguration(port: 0, token: token).underTest(), storage: .folder(folder), pages: ScaryCreaturesPages.routes)
        try await app.test(.router) { client in try await body(client, folder) }
    }
}

/// What a browser sends to the pages: page requests, and forms with the token its cookie holds.
let forms = BrowserForms(cookiePrefix: "scary_creatures")
