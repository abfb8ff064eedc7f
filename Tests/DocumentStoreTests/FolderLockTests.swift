import DocumentStore
import Foundation
import Testing
import TestSupport

@Suite("FolderLock: one holder of a data folder at a time")
struct FolderLockTests {
    @Test("a server's hold refuses others at once naming its pid; a command's makes the next wait, then gives up as busy; a released lock is taken, its holder's note cleared")
    func holders() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var server: FolderLock? = try await FolderLock(folder: folder, fileName: ".lock", holder: .server)
        await #expect(throws: FolderLock.Refusal.heldByServer(pid: getpid())) {
            _ = try await FolderLock(folder: folder, fileName: ".lock", holder: .command, timeout: .seconds(5))
        }
        #expect(server != nil)
        server = nil
        #expect(try String(contentsOf: folder.appendingPathComponent(".lock"), encoding: .utf8) == "")
        // A child process another test spawns may hold a copy of the descriptor until it execs.
        var command: FolderLock? = try await FolderLock(folder: folder, fileName: ".lock", holder: .command, timeout: .seconds(10))
        await #expect(throws: FolderLock.Refusal.busy) {
            _ = try await FolderLock(folder: folder, fileName: ".lock", holder: .command, timeout: .milliseconds(60))
        }
        #expect(command != nil)
        command = nil
        let last = try await FolderLock(folder: folder, fileName: ".lock", holder: .server, timeout: .seconds(10))
        #expect(try String(contentsOf: folder.appendingPathComponent(".lock"), encoding: .utf8) == "server \(getpid())\n")
        withExtendedLifetime(last) {}
    }
}
