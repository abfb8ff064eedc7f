import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KeyedArchive
import ScaryCreatures
import Testing
import TestSupport
import ImagingSamples

extension ServedProcess {
    /// `scary-creatures serve` on `dataDir` (made if missing: a --data-dir that does not exist
    /// is refused) and a free port, through `launcher` if given, once it has printed its address.
    static func scaryCreatures(dataDir: URL, extra: [String] = [], launcher: [String] = []) async throws -> ServedProcess {
        try FileManager.default.createDirectory(at: dataDir, withIntermediateDirectories: true)
        return try await start(
            "scary-creatures", ["serve", "--port", "0", "--log-level", "error"] + extra + ["--data-dir", dataDir.path], timeout: 30, launcher: launcher
        )
    }
}

@Suite("scary-creatures serve as a real process", .timeLimit(.minutes(4)))
struct ServerProcessTests {
    @Test("SIGTERM during uploads: the server finishes what it accepted, exits 0, and nothing is half-written")
    func gracefulShutdown() async throws {
        try await withTemporaryFolder { folder in
            let server = try await ServedProcess.scaryCreatures(dataDir: folder)
            for index in 1...4 {
                let (status, _, _) = try await server.request("POST", "api/creatures", body: Data(#"{"title":"C\#(index)"}"#.utf8), headers: ["Content-Type": "application/json"])
                #expect(status == 201)
            }
            let photo = try SamplePhotos.png()
            let uploads = Task {
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for index in 1...4 {
                        group.addTask { (try? await server.request("PUT", "api/creatures/\(index)/photo", body: photo, headers: ["Content-Type": "image/png"]).0) ?? 0 }
                    }
                    return try await group.reduce(into: [Int]()) { $0.append($1) }
                }
            }
            try await Task.sleep(for: .milliseconds(20))
            server.process.terminate()  // SIGTERM
            let statuses = try await uploads.value
            server.process.waitUntilExit()
            #expect(server.process.terminationStatus == 0)
            // Every upload the server answered 200 is whole on disk; every bundle reads, with a
            // photo that is the uploaded one or none at all.
            let database = try await ScaryCreatureDatabase.open(at: folder, readOnly: true)
            let (creatures, problems) = try await database.list()
            #expect(creatures.count == 4)
            #expect(problems.isEmpty)
            for creature in creatures {
                if let full = try await creature.fullImage() { #expect(full.data == photo) }
            }
            #expect(statuses.allSatisfy { $0 == 200 || $0 == 0 })
        }
    }

    @Test("SIGUSR1 makes the server purge its thumbnail cache and say what it freed")
    func purgeOnSignal() async throws {
        try await withTemporaryFolder { folder in
            let photo = folder.appendingPathComponent("p.png")
            try SamplePhotos.png().write(to: photo)
            #expect(try await runCLI(["add", "Pic", "--image", photo.path], dataDir: folder).status == 0)
            let server = try await ServedProcess.scaryCreatures(dataDir: folder, extra: ["--log-level", "warning"])
            defer {
                server.process.terminate()
                server.process.waitUntilExit()
            }
            #expect(try await server.request("GET", "api/creatures/1/thumbnail").0 == 200)
            kill(server.process.processIdentifier, SIGUSR1)
            var log = ""
            let deadline = Date().addingTimeInterval(20)
            let handle = server.errors.fileHandleForReading
            while Date() < deadline, !log.contains("memory cache purged") {
                var ready = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 1000) > 0 else { continue }  // never block past the deadline
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                log += String(decoding: chunk, as: UTF8.self)
            }
            #expect(log.contains("memory pressure"))
            #expect(log.contains("SIGUSR1"))
            #expect(log.contains("memory cache purged"))
        }
    }

    @Test("a second server on the same data folder, and a busy port, are one line and exit 74")
    func refusals() async throws {
        try await withTemporaryFolder { folder in
            let server = try await ServedProcess.scaryCreatures(dataDir: folder)
            defer {
                server.process.terminate()
                server.process.waitUntilExit()
            }
            let second = try await runCLI(["serve", "--port", "0"], dataDir: folder)
            #expect(second.status == 74)
            #expect(second.errors == "scary-creatures: error: another server is already using the data folder \(folder.standardizedFileURL.path)\n")
            let port = try #require(server.url.port)
            let other = folder.appendingPathComponent("other")
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
            let busy = try await runCLI(["serve", "--port", "\(port)"], dataDir: other)
            #expect(busy.status == 74)
            #expect(busy.errors == "scary-creatures: error: port \(port) on 127.0.0.1 is already in use (choose another with --port, or 0 for any free one)\n")
            let open = try await runCLI(["serve", "--host", "0.0.0.0", "--port", "0"], dataDir: other)
            #expect(open.status == 74)
            #expect(open.errors.hasPrefix("scary-creatures: error: binding 0.0.0.0 would let other machines in, and no one has an account: add the first owner with scary-creatures users add NAME --role owner"))
        }
    }
}
