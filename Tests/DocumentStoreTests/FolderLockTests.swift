import DocumentStore
import Foundation
import Testing

@Suite("FolderLock: one holder of a data folder at a time")
struct FolderLockTests {
    @Test("a server's hold refuses others at once naming its pid; a command's makes the next wait, then gives up as busy; a released lock is taken")
    func holders() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("FolderLockTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var server: FolderLock? = try await FolderLock(folder: folder, fileName: ".lock", holder: .server)
        await #expect(throws: FolderLock.Refusal.heldByServer(pid: getpid())) {
            _ = try await FolderLock(folder: folder, fileName: ".lock", holder: .command, timeout: .seconds(5))
        }
        #expect(server != nil)
        server = nil
        var command: FolderLock? = try await FolderLock(folder: folder, fileName: ".lock", holder: .command)
        await #expect(throws: FolderLock.Refusal.busy) {
            _ = try await FolderLock(folder: folder, fileName: ".lock", holder: .command, timeout: .milliseconds(60))
        }
        #expect(command != nil)
        command = nil
        _ = try await FolderLock(folder: folder, fileName: ".lock", holder: .server)
        #expect(try String(contentsOf: folder.appendingPathComponent(".lock"), encoding: .utf8) == "server \(getpid())\n")
    }
}
