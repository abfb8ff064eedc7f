import HummingbirdTesting
import ScaryCreaturesPages
import ScaryCreaturesWeb
import TestSupport
import Testing
import WebSupport
import WebTestSupport

/// A real Scary Creatures server in token mode for the tests of sessions, throttling and what
/// such a server answers.
enum TokenServer {
    /// The server's access token.
    static let token = "correct-horse-battery-staple"
    /// The header line that carries it as a bearer token.
    static let bearer = "Authorization: Bearer \(token)"

    /// Runs `body` against a real server (API and pages) on a free port that needs ``token``
    /// within `limits`, with raw requests to it and the test client.
    static func run(
        _ limits: TokenModeLimits = TokenModeLimits(), _ body: @escaping @Sendable (RawRequests, any TestClientProtocol) async throws -> Void
    ) async throws {
        try await withTemporaryFolder { folder in
            var configuration = WebConfiguration(port: 0, token: token)
            configuration.tokenMode = limits
            let app = try await buildApplication(configuration.underTest(), storage: .folder(folder), pages: ScaryCreaturesPages.routes, eventLoopGroup: ServerThreads.group)
            try await ServerThreads.run {
                try await app.test(.live) { client in
                    try await body(RawRequests(port: try #require(client.port)), client)
                }
            }
        }
    }
}
