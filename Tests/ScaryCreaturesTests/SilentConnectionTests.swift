import Foundation
import Testing
import WebTestSupport
import TestSupport

@Suite("scary-creatures serve under a flood of silent connections", .timeLimit(.minutes(4)), .tags(.slow))
struct SilentConnectionTests {
    @Test("With 2,000 silent connections open — more than the server's descriptors — a normal request is still answered at once, with and without an access token", arguments: [false, true])
    func requestAnsweredDespiteSilentFlood(withToken: Bool) async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var extra: [String] = []
        var authorization = ""
        if withToken {
            let tokenFile = folder.appendingPathComponent("token")
            try Data("a-token-of-twenty-chars\n".utf8).write(to: tokenFile)
            extra = ["--token-file", tokenFile.path]
            authorization = "Authorization: Bearer a-token-of-twenty-chars\r\n"
        }
        // Allowed only 300 descriptors, soft and hard.
        let server = try await ServedProcess.scaryCreatures(dataDir: folder.appendingPathComponent("data"), extra: extra, launcher: ["/usr/bin/prlimit", "--nofile=300:300", "--"])
        defer { server.process.terminate(); server.process.waitUntilExit() }
        let port = try #require(server.url.port)

        let silent = try await RawConnection.openSilent(port: port, count: 2000)
        // Without shedding it would never be answered (every descriptor held by the flood); the
        // bound leaves room for a machine busy with other tests' processes.
        let response = try await RawConnection.exchange(port: port, "GET /api/creatures HTTP/1.1\r\nHost: localhost\r\n\(authorization)\r\n", timeout: 15)
        #expect(response.status == 200)
        #expect(response.text == #"{"creatures":[],"problems":[]}"#)
        #expect(silent.count == 2000)
    }

    @Test("At start the server raises its open-file limit to the hard limit (from a soft limit of 256)")
    func openFileLimitRaised() async throws {
        try await withTemporaryFolder { folder in
            let server = try await ServedProcess.scaryCreatures(dataDir: folder, launcher: ["/usr/bin/prlimit", "--nofile=256:4096", "--"])
            defer { server.process.terminate(); server.process.waitUntilExit() }
            let limits = try String(contentsOfFile: "/proc/\(server.process.processIdentifier)/limits", encoding: .utf8)
            let line = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max open files") })
            #expect(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).prefix(2) == ["4096", "4096"])
        }
    }
}

extension Tag {
    /// Tests that take several seconds: real processes under load.
    @Tag static var slow: Self
}
