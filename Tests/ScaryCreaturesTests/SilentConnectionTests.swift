import Foundation
import Testing
import WebTestSupport

@Suite("scary-creatures serve under a flood of silent connections", .timeLimit(.minutes(3)), .tags(.slow))
struct SilentConnectionTests {
    /// Starts `scary-creatures serve` allowed only 300 descriptors (soft and hard), with `extra`.
    private func startWithFewDescriptors(folder: URL, extra: [String]) throws -> (Process, Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -n 300 && exec \"$0\" \"$@\"", try cliExecutable().path, "serve", "--port", "0", "--log-level", "error", "--data-dir", folder.path] + extra
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var printed = Data()
        while !String(decoding: printed, as: UTF8.self).contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += chunk
        }
        let text = String(decoding: printed, as: UTF8.self)
        let address = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).first { $0.hasPrefix("http://") }
        let port = try #require(address.flatMap { URL(string: String($0))?.port }, "the server printed \(text)")
        return (process, port)
    }

    @Test("With 2,000 silent connections open — more than the server's descriptors — a normal request is still answered at once, with and without an access token", arguments: [false, true])
    func requestAnsweredDespiteSilentFlood(withToken: Bool) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("SilentConnectionTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var extra: [String] = []
        var authorization = ""
        if withToken {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let tokenFile = folder.appendingPathComponent("token")
            try Data("a-token-of-twenty-chars\n".utf8).write(to: tokenFile)
            extra = ["--token-file", tokenFile.path]
            authorization = "Authorization: Bearer a-token-of-twenty-chars\r\n"
        }
        let (process, port) = try startWithFewDescriptors(folder: folder.appendingPathComponent("data"), extra: extra)
        defer { process.terminate(); process.waitUntilExit() }

        let silent = try await RawConnection.openSilent(port: port, count: 2000)
        let response = try await RawConnection.exchange(port: port, "GET /api/creatures HTTP/1.1\r\nHost: localhost\r\n\(authorization)\r\n", timeout: 3)
        #expect(response.status == 200)
        #expect(response.text == #"{"creatures":[],"problems":[]}"#)
        #expect(silent.count == 2000)
    }
}

extension Tag {
    /// Tests that take several seconds: real processes under load.
    @Tag static var slow: Self
}
