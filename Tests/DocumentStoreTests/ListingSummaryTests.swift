@_spi(Testing) import DocumentStore
import DocumentStoreSamples
import Foundation
import KeyedArchive
import Synchronization
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("Document folder: the listing summary is used while valid and never trusted otherwise")
struct ListingSummaryTests {
    /// A sample creature's summary record: its title and its rating's bits.
    static let format = ListingSummaryFormat<SampleCreature>(
        name: "SampleCreature/1",
        encode: { creature, record in
            record.append(creature.title)
            record.append(creature.rating.bitPattern)
            return true
        },
        decode: { reader in
            guard let title = reader.string(maxBytes: 4096), let rating = reader.uint32() else { return nil }
            return SampleCreature(title: title, rating: Float(bitPattern: rating))
        }
    )

    /// Counts the data files decoded, so a test can tell a value read from its bundle from one
    /// taken from the summary.
    final class Reads: Sendable {
        private let count = Atomic<Int>(0)
        var decoded: Int { count.load(ordering: .relaxed) }
        func reset() { count.store(0, ordering: .relaxed) }
        var decode: @Sendable (Data) throws -> SampleCreature {
            { [self] data in
                count.add(1, ordering: .relaxed)
                return try SampleCreature.unarchived(data)
            }
        }
    }

    /// A store over `root` whose summary records every value read (no settle time), with
    /// `count` creatures ("Creature 1"…), their files settled.
    private func makeFolder(_ root: URL, count: Int) async throws -> DocumentFolder {
        let folder = DocumentFolder(root: root, configuration: .sampleCreatures)
        folder.listingSummarySettleTime = .zero
        try await folder.open()
        for index in 1...count {
            _ = try await folder.create(data: try SampleCreature(title: "Creature \(index)", rating: Float(index % 11) / 2).archived())
        }
        waitForClockTick()
        return folder
    }

    /// Waits until the clock file times are stamped from has moved on, so that every file
    /// written before is older than the next listing's start (what the summary requires).
    private func waitForClockTick() {
        func coarse() -> Int64 {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME_COARSE, &now)
            return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        }
        let start = coarse()
        while coarse() <= start { usleep(500) }
    }

    /// The listing as ids and values, and the problems as names and reasons.
    private func summarized(_ folder: DocumentFolder, _ reads: Reads) async throws -> (values: [Int: SampleCreature], problems: [String: DocumentProblem.Reason]) {
        let listing = try await folder.list(decode: reads.decode, summary: Self.format)
        return (
            Dictionary(uniqueKeysWithValues: listing.documents.map { ($0.bundle.id, $0.value) }),
            Dictionary(uniqueKeysWithValues: listing.problems.map { ($0.name, $0.reason) })
        )
    }

    private func summaryURL(_ root: URL) -> URL {
        root.appendingPathComponent(DocumentFolder.listingSummaryName)
    }

    private func dataFile(_ root: URL, _ id: Int) -> URL {
        root.appendingPathComponent("\(id).scarycreature/Data.plist")
    }

    private func status(_ url: URL) throws -> stat {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { throw SystemCallFailed(errno) }
        return status
    }

    /// Sets the file's modification time back to `time` (its status-change time moves on: no
    /// call can set that one).
    private func setModified(_ url: URL, to time: timespec) throws {
        var times = [time, time]
        guard utimensat(AT_FDCWD, url.path, &times, 0) == 0 else { throw SystemCallFailed(errno) }
    }

    private func expectedValues(_ count: Int) -> [Int: SampleCreature] {
        Dictionary(uniqueKeysWithValues: (1...count).map { ($0, SampleCreature(title: "Creature \($0)", rating: Float($0 % 11) / 2)) })
    }

    @Test("a valid summary is used: the second listing reads no data file and gives the same result")
    func summaryUsedWhenValid() async throws {
        try await withTemporaryFolder { root in
            let folder = try await makeFolder(root, count: 30)
            let reads = Reads()
            let first = try await summarized(folder, reads)
            #expect(reads.decoded == 30)
            #expect(first.values == expectedValues(30))
            #expect(FileManager.default.fileExists(atPath: summaryURL(root).path))
            reads.reset()
            let second = try await summarized(folder, reads)
            #expect(reads.decoded == 0)
            #expect(second.values == expectedValues(30))
            #expect(second.problems.isEmpty)
        }
    }

    @Test("the summary is rewritten only when something changed")
    func writtenOnlyOnChange() async throws {
        try await withTemporaryFolder { root in
            let folder = try await makeFolder(root, count: 5)
            let reads = Reads()
            _ = try await summarized(folder, reads)
            let written = try status(summaryURL(root))
            _ = try await summarized(folder, reads)
            let after = try status(summaryURL(root))
            #expect(after.st_ino == written.st_ino)
            #expect(after.st_mtim.tv_sec == written.st_mtim.tv_sec && after.st_mtim.tv_nsec == written.st_mtim.tv_nsec)
            _ = try await folder.create(data: try SampleCreature(title: "New", rating: 1).archived())
            waitForClockTick()
            _ = try await summarized(folder, reads)
            #expect(try status(summaryURL(root)).st_ino != written.st_ino)
        }
    }

    @Test("a value read within the settle time is not recorded: the bundle is read again next time")
    func unsettledFilesReadAgain() async throws {
        try await withTemporaryFolder { root in
            let folder = try await makeFolder(root, count: 4)
            folder.listingSummarySettleTime = .seconds(3600)
            let reads = Reads()
            _ = try await summarized(folder, reads)
            _ = try await summarized(folder, reads)
            #expect(reads.decoded == 8)
            #expect(!FileManager.default.fileExists(atPath: summaryURL(root).path))
        }
    }

    @Test("a data file rewritten in place to the same size and modification time is read again (its ctime moved)")
    func inPlaceEditSameSizeSameTime() async throws {
        try await withTemporaryFolder { root in
            let folder = try await makeFolder(root, count: 5)
            let reads = Reads()
            _ = try await summarized(folder, reads)
            let file = dataFile(root, 3)
            let before = try status(file)
            let edited = try SampleCreature(title: "Creature X", rating: 1.5).archived()
            try #require(edited.count == before.st_size)
            let handle = try FileHandle(forWritingTo: file)  // no truncation: the same inode
            try handle.write(contentsOf: edited)
            try handle.close()
            try setModified(file, to: before.st_mtim)
            let after = try status(file)
            try #require(after.st_ino == before.st_ino && after.st_size == before.st_size)
            try #require(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
            reads.reset()
            let listed = try await summarized(folder, reads)
            var expected = expectedValues(5)
            expected[3] = SampleCreature(title: "Creature X", rating: 1.5)
            #expect(listed.values == expected)
            #expect(reads.decoded == 1)
        }
    }

    @Test("a data file replaced by another file of the same size and modification time is read again (another inode)")
    func replacedSameSizeSameTime() async throws {
        try await withTemporaryFolder { root in
            let folder = try await makeFolder(root, count: 5)
            let reads = Reads()
            _ = try await summarized(folder, reads)
            let file = dataFile(root, 2)
            let before = try status(file)
            let replacement = try SampleCreature(title: "Creature Y", rating: 1).archived()
            try #require(replacement.count == before.st_size)
            let temporary = root.appendingPathComponent("2.scarycreature/replacement")
            try replacement.write(to: temporary)
            try setModified(temporary, to: before.st_mtim)
            guard rename(temporary.path, file.path) == 0 else { throw SystemCallFailed(errno) }
            reads.reset()
            let listed = try await summarized(folder, reads)
            var expected = expectedValues(5)
            expected[2] = SampleCreature(title: "Creature Y", rating: 1)
            #expect(listed.values == expected)
            #expect(reads.decoded == 1)
        }
    }

    @Test("deleted bundles vanish from the listing and the summary; new ones are read")
    func deletedAndNewBundles() async throws {
        try await withTemporaryFolder { root in
            let folder = try await makeFolder(root, count: 6)
            let reads = Reads()
            _ = try await summarized(folder, reads)
            try FileManager.default.removeItem(at: root.appendingPathComponent("2.scarycreature"))
            try await folder.delete(5)
            let added = try await folder.create(data: try SampleCreature(title: "Newcomer", rating: 5).archived())
            waitForClockTick()
            reads.reset()
            let listed = try await summarized(folder, reads)
            var expected = expectedValues(6)
            expected[2] = nil
            expected[5] = nil
            expected[added.id] = SampleCreature(title: "Newcomer", rating: 5)
            #expect(listed.values == expected)
            #expect(reads.decoded == 1)
            reads.reset()
            #expect(try await summarized(folder, reads).values == expected)
            #expect(reads.decoded == 0)
        }
    }

    @Test("a damaged, truncated, foreign or oversized summary is ignored and replaced", arguments: [
        "truncated", "flipped byte", "garbage", "empty", "other format", "huge",
    ])
    func damagedSummaryIgnored(damage: String) async throws {
        try await withTemporaryFolder { root in
            let folder = try await makeFolder(root, count: 12)
            let reads = Reads()
            _ = try await summarized(folder, reads)
            let url = summaryURL(root)
            var bytes = try Data(contentsOf: url)
            switch damage {
            case "truncated": bytes = bytes.prefix(bytes.count - 7)
            case "flipped byte": bytes[bytes.count / 2] ^= 0x10
            case "garbage":
                var random = SplitMix64(seed: 27)
                bytes = Data((0..<bytes.count).map { _ in UInt8.random(in: 0...255, using: &random) })
            case "empty": bytes = Data()
            case "other format":
                var writer = ListingSummary.Writer(format: "Another/1")
                writer.append(id: 1, name: "1.scarycreature", validator: [1, 2, 3], record: [4, 5])
                bytes = Data(writer.finished())
            default: bytes = Data()
            }
            try bytes.write(to: url)
            if damage == "huge" {
                // 64 GiB by its size (a sparse file): refused on its size, never read.
                let descriptor = open(url.path, O_WRONLY)
                #expect(ftruncate(descriptor, 1 << 36) == 0)
                close(descriptor)
            }
            reads.reset()
            let listed = try await summarized(folder, reads)
            #expect(listed.values == expectedValues(12))
            #expect(listed.problems.isEmpty)
            #expect(reads.decoded == 12)
            reads.reset()
            #expect(try await summarized(folder, reads).values == expectedValues(12))
            #expect(reads.decoded == 0)  // replaced by a valid one
        }
    }

    @Test("a summary that claims more entries or longer parts than its bytes hold is not read")
    func liesAboutCounts() throws {
        var writer = ListingSummary.Writer(format: "F")
        let appended = writer.append(id: 7, name: "7.x", validator: [9], record: [1, 2, 3])
        let sameNumber = writer.append(id: 7, name: "7.x", validator: [9], record: [])  // numbers must grow
        let longName = writer.append(id: 8, name: String(repeating: "n", count: 256), validator: [], record: [])
        #expect(appended && !sameNumber && !longName)
        let bytes = writer.finished()
        let limits = ListingSummary.Limits.forBundles(1)
        let summary = try #require(ListingSummary(decoding: bytes, format: "F", limits: limits))
        #expect(summary.entries.map(\.id) == [7])
        #expect(summary.name(of: summary.entries[0]) == "7.x")
        #expect(Array(summary.record(of: summary.entries[0])) == [1, 2, 3])
        #expect(ListingSummary(decoding: bytes, format: "G", limits: limits) == nil)
        #expect(ListingSummary(decoding: bytes, format: "F", limits: .init(maxBytes: bytes.count - 1)) == nil)
        #expect(ListingSummary(decoding: bytes, format: "F", limits: .init(maxBytes: 1 << 20, maxRecordBytes: 2)) == nil)
        // Every truncation, and every single changed byte, is refused (length, checksum).
        for length in 0..<bytes.count {
            #expect(ListingSummary(decoding: Array(bytes.prefix(length)), format: "F", limits: limits) == nil)
        }
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 0x01
            #expect(ListingSummary(decoding: changed, format: "F", limits: limits) == nil)
        }
    }

    @Test("a summary that is a symbolic link is not followed, and its target is left alone")
    func symbolicLinkNotFollowed() async throws {
        try await withTemporaryFolder { root in
            let data = root.appendingPathComponent("data")
            let folder = try await makeFolder(data, count: 8)
            let reads = Reads()
            _ = try await summarized(folder, reads)
            // A valid summary of this very folder, moved elsewhere and linked to.
            let elsewhere = root.appendingPathComponent("elsewhere")
            try FileManager.default.moveItem(at: summaryURL(data), to: elsewhere)
            let target = try Data(contentsOf: elsewhere)
            try FileManager.default.createSymbolicLink(at: summaryURL(data), withDestinationURL: elsewhere)
            reads.reset()
            #expect(try await summarized(folder, reads).values == expectedValues(8))
            #expect(reads.decoded == 8)
            #expect(try Data(contentsOf: elsewhere) == target)
            #expect(try status(summaryURL(data)).st_mode & S_IFMT == S_IFREG)  // the link replaced, not written through
        }
    }

    @Test("a summary name taken by a folder is not read and the folder is left as it is")
    func folderInTheWay() async throws {
        try await withTemporaryFolder { root in
            let folder = try await makeFolder(root, count: 3)
            let inside = summaryURL(root).appendingPathComponent("keep")
            try FileManager.default.createDirectory(at: summaryURL(root), withIntermediateDirectories: false)
            try Data("kept".utf8).write(to: inside)
            let reads = Reads()
            #expect(try await summarized(folder, reads).values == expectedValues(3))
            #expect(try await summarized(folder, reads).values == expectedValues(3))
            #expect(reads.decoded == 6)
            #expect(try Data(contentsOf: inside) == Data("kept".utf8))
        }
    }

    @Test("a bundle folder replaced by a symbolic link to it is reported, not listed from the summary")
    func bundleBecomesLink() async throws {
        try await withTemporaryFolder { root in
            let data = root.appendingPathComponent("data")
            let folder = try await makeFolder(data, count: 3)
            let reads = Reads()
            _ = try await summarized(folder, reads)
            let moved = root.appendingPathComponent("moved")
            try FileManager.default.moveItem(at: data.appendingPathComponent("2.scarycreature"), to: moved)
            try FileManager.default.createSymbolicLink(at: data.appendingPathComponent("2.scarycreature"), withDestinationURL: moved)
            let listed = try await summarized(folder, reads)
            var expected = expectedValues(3)
            expected[2] = nil
            #expect(listed.values == expected)
            if case .unsupportedFileType = listed.problems["2.scarycreature"] {} else {
                Issue.record("2.scarycreature: \(String(describing: listed.problems["2.scarycreature"]))")
            }
            #expect(listed.values == (try await folder.list(decode: reads.decode)).documents.reduce(into: [:]) { $0[$1.bundle.id] = $1.value })
        }
    }

    @Test("on random folders changed at random, listings with and without the summary are identical")
    func sameAsWithoutSummary() async throws {
        for seed in UInt64(1)...4 {
            try await withTemporaryFolder { root in
                var random = SplitMix64(seed: seed)
                let folder = try await makeFolder(root, count: Int.random(in: 1...40, using: &random))
                let reads = Reads()
                for _ in 0..<5 {
                    try await changeAtRandom(root, folder, &random)
                    if Bool.random(using: &random) { waitForClockTick() }
                    let with = try await folder.list(decode: reads.decode, summary: Self.format)
                    let without = try await folder.list(decode: reads.decode)
                    #expect(with.documents.map(\.bundle) == without.documents.map(\.bundle), "seed \(seed)")
                    #expect(with.documents.map(\.value) == without.documents.map(\.value), "seed \(seed)")
                    #expect(with.problems == without.problems, "seed \(seed)")
                }
            }
        }
    }

    /// A few random changes: edits through the store and behind its back, deletions, new
    /// bundles, damaged and missing data files.
    private func changeAtRandom(_ root: URL, _ folder: DocumentFolder, _ random: inout SplitMix64) async throws {
        let ids = try await folder.bundles().map(\.id)
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let id = ids.randomElement(using: &random) ?? 1
            let creature = SampleCreature(title: "Random \(random.next() % 1000)", rating: Float(random.next() % 11) / 2)
            switch random.next() % 6 {
            case 0: try? await folder.writeData(try creature.archived(), of: id)
            case 1: try? creature.archived().write(to: dataFile(root, id))  // in place, not atomic
            case 2: try? await folder.delete(id)
            case 3: _ = try await folder.create(data: try creature.archived())
            case 4: try? Data("damaged".utf8).write(to: dataFile(root, id))
            default: try? FileManager.default.removeItem(at: dataFile(root, id))
            }
        }
    }
}

/// A failed system call in a test.
private struct SystemCallFailed: Error {
    var code: Int32
    init(_ code: Int32) { self.code = code }
}
