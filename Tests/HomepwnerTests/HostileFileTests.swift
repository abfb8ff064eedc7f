import Foundation
import Homepwner
import Testing
import TestSupport

@Suite("Hostile files in the data folder: named as what they are, never read, never a hang")
struct HostileFileTests {
    @Test("a FIFO, a folder or a symbolic link in place of items.archive is refused by reading and writing stores alike")
    func notARegularArchive() async throws {
        try await withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("items.archive")
            let elsewhere = folder.appendingPathComponent("elsewhere.archive")
            try ItemArchive(items: [fixedItem(0)]).encoded().write(to: elsewhere)
            let makers: [(String, () throws -> Void)] = [
                ("FIFO", { #expect(mkfifo(url.path, 0o600) == 0) }),
                ("folder", { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false) }),
                ("symbolic link", { try FileManager.default.createSymbolicLink(at: url, withDestinationURL: elsewhere) }),
            ]
            for (kind, make) in makers {
                try make()
                for readOnly in [true, false] {
                    let store = ItemStore(storage: .folder(folder), readOnly: readOnly, lockTimeout: .seconds(30))
                    let error = await #expect(throws: HomepwnerError.self, "\(kind), read-only \(readOnly)") { try await store.load() }
                    #expect(error?.code == .storage, "\(kind), read-only \(readOnly): \(String(describing: error))")
                    try await store.close()
                }
                #expect(try FileManager.default.attributesOfItem(atPath: elsewhere.path)[.size] as? Int == (try ItemArchive(items: [fixedItem(0)]).encoded().count))
                try FileManager.default.removeItem(at: url)
            }
        }
    }

    @Test("an archive larger than the limit is refused before it is read, without being overwritten")
    func oversizedArchive() async throws {
        try await withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("items.archive")
            #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: 1 << 40)  // a 1 TiB sparse file
            try handle.close()
            let store = ItemStore(storage: .folder(folder), readOnly: true)
            let error = await #expect(throws: HomepwnerError.self) { try await store.load() }
            #expect(error?.message == "\(url.path) is 1099511627776 bytes, larger than the limit of 67108864 bytes")
            let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
            #expect(size == 1 << 40)
        }
    }
}
