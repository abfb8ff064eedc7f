import Foundation
import TestSupport
import Testing
import WebTestSupport

@Suite("Scary Creatures over HTTPS, a real process", .timeLimit(.minutes(4)))
struct ScaryCreaturesHTTPSTests {
    @Test("HTTPS with --tls-cert and --tls-key: both or neither, the key must be the certificate's; HSTS, Secure __Host- cookies, no plain HTTP; SIGHUP takes a renewed certificate and keeps the one in use when the new files are broken")
    func https() async throws {
        try await withTemporaryFolder { folder in
            try await checkHTTPS(tool: "scary-creatures", folder: folder) { extra in
                try await ServedProcess.scaryCreatures(dataDir: folder.appendingPathComponent("data"), extra: extra)
            }
        }
    }
}
