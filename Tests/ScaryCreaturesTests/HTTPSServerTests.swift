import Foundation
import TestSupport
import Testing
import WebTestSupport

@Suite("Scary Creatures for the network (HTTPS, a base path), real processes", .timeLimit(.minutes(4)))
struct ScaryCreaturesHTTPSTests {
    @Test("HTTPS with --tls-cert and --tls-key: both or neither, the key must be the certificate's; HSTS, Secure __Host- cookies, no plain HTTP; SIGHUP takes a renewed certificate and keeps the one in use when the new files are broken")
    func https() async throws {
        try await withTemporaryFolder { folder in
            try await checkHTTPS(tool: "scary-creatures", folder: folder) { extra in
                try await ServedProcess.scaryCreatures(dataDir: folder.appendingPathComponent("data"), extra: extra)
            }
        }
    }

    @Test("--base-path /inventory: nothing outside it (404), /inventory sent to /inventory/ (308), every path a page names under it, a form's redirect and the event stream too; a base path that is not one is refused (64)")
    func basePath() async throws {
        try await withTemporaryFolder { folder in
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("data"), withIntermediateDirectories: true)
            try await checkBasePath(tool: "scary-creatures", folder: folder.appendingPathComponent("data"), readPath: "/api/creatures", addForm: ("/creatures", [("title", "Ghost")])) { extra in
                try await ServedProcess.scaryCreatures(dataDir: folder.appendingPathComponent("data"), extra: extra)
            }
        }
    }
}
