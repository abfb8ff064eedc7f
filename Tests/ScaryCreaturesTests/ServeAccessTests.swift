import Foundation
import Testing
import WebTestSupport
import TestSupport

@Suite("scary-creatures serve: the token's options and the request log", .timeLimit(.minutes(4)))
struct ServeAccessTests {
    @Test("--token warns that the secret shows in the process list; --token-file reads the file's first line and requests need that token")
    func tokenOptions() async throws {
        try await withTemporaryFolder { folder in
            let warned = try await ServedProcess.scaryCreatures(dataDir: folder.appendingPathComponent("a"), extra: ["--token", "a-token-of-twenty-chars"])
            warned.process.terminate()
            warned.process.waitUntilExit()
            let warning = String(decoding: warned.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(warning.hasPrefix("warning: --token shows the access token to every user of this machine (ps); use --token-file or SCARY_CREATURES_TOKEN\n"))

            let tokenFile = folder.appendingPathComponent("token")
            try Data("from-a-file-0123456789\nsecond line\n".utf8).write(to: tokenFile)
            let server = try await ServedProcess.scaryCreatures(dataDir: folder.appendingPathComponent("b"), extra: ["--token-file", tokenFile.path])
            defer { server.process.terminate(); server.process.waitUntilExit() }
            let port = try #require(server.url.port)
            #expect(try await RawConnection.exchange(port: port, "GET /api/creatures HTTP/1.1\r\nHost: localhost\r\n\r\n").status == 401)
            let allowed = try await RawConnection.exchange(port: port, "GET /api/creatures HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer from-a-file-0123456789\r\n\r\n")
            #expect(allowed.status == 200)

            let missing = try await runCLI(["serve", "--port", "0", "--token-file", folder.appendingPathComponent("nothing").path], dataDir: folder)
            #expect(missing.status == 74)
            #expect(missing.errors == "scary-creatures: error: --token-file \(folder.appendingPathComponent("nothing").path): no such file (or not a regular file)\n")
            let both = try await runCLI(["serve", "--port", "0", "--token", "x", "--token-file", tokenFile.path], dataDir: folder)
            #expect(both.status == 64)
        }
    }

    @Test("The request log names each request's path, never its query")
    func logHasPathsOnly() async throws {
        try await withTemporaryFolder { folder in
            let server = try await ServedProcess.scaryCreatures(dataDir: folder, extra: ["--log-level", "info"])
            let port = try #require(server.url.port)
            for _ in 0..<2 {  // the second is answered from the response cache, before the router
                #expect(try await RawConnection.exchange(port: port, "GET /api/creatures?title=secret-query HTTP/1.1\r\nHost: localhost\r\n\r\n").status == 200)
            }
            #expect(try await RawConnection.exchange(port: port, "GET /?search=secret-query HTTP/1.1\r\nHost: localhost\r\n\r\n").status == 200)
            server.process.terminate()
            server.process.waitUntilExit()
            let log = String(decoding: server.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(!log.contains("secret-query"))
            #expect(log.components(separatedBy: "hb.request.path=/api/creatures ").count == 3)
        }
    }
}
