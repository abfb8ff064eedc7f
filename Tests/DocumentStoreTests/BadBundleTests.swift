import DocumentStore
import DocumentStoreSamples
import Foundation
import KeyedArchive
import Testing
import TestSupport

@Suite("Document folder: corrupt, truncated, empty and foreign bundles")
struct BadBundleTests {
    /// A folder with five good creatures and one bundle of every kind of damage.
    private func makeDamagedFolder(_ root: URL) async throws -> DocumentFolder {
        let folder = DocumentFolder(root: root, configuration: .sampleCreatures)
        try await folder.open()
        for creature in SampleCreature.sample(count: 5) { _ = try await folder.create(data: try creature.archived()) }
        let good = try SampleCreature(title: "Whole", rating: 2).archived()
        let foreign = try KeyedArchiver.archivedData(withRoot: StressRecord(sequence: 1, size: 10))
        var flipped = good
        flipped[flipped.count - 20] ^= 0xFF
        let damaged: [(String, Data?)] = [
            ("6.scarycreature", good.prefix(good.count / 2)),          // truncated
            ("7.scarycreature", Data()),                              // empty
            ("8.scarycreature", Data("<plist>not really".utf8)),      // garbage
            ("9.scarycreature", foreign),                             // another class
            ("10.scarycreature", nil),                                // no data file
            ("11.scarycreature", flipped),                            // one flipped byte in the trailer
            ("012.scarycreature", good),                              // leading zero
        ]
        for (name, data) in damaged {
            let bundle = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
            if let data { try data.write(to: bundle.appendingPathComponent("Data.plist")) }
        }
        try good.write(to: root.appendingPathComponent("13.scarycreature"))
        try Data("ignored".utf8).write(to: root.appendingPathComponent("notes.txt"))
        return folder
    }

    @Test("every bad bundle is reported with its reason and every good one still lists")
    func listingSkipsBadBundles() async throws {
        try await withTemporaryFolder { root in
            let folder = try await makeDamagedFolder(root)
            let listing = try await folder.list(decode: SampleCreature.unarchived)
            #expect(listing.documents.map(\.bundle.id) == [1, 2, 3, 4, 5])
            let reasons = Dictionary(uniqueKeysWithValues: listing.problems.map { ($0.name, $0.reason) })
            #expect(reasons.count == 8)
            if case .corrupt = reasons["6.scarycreature"] {} else { Issue.record("truncated: \(String(describing: reasons["6.scarycreature"]))") }
            if case .corrupt = reasons["7.scarycreature"] {} else { Issue.record("empty: \(String(describing: reasons["7.scarycreature"]))") }
            if case .corrupt = reasons["8.scarycreature"] {} else { Issue.record("garbage: \(String(describing: reasons["8.scarycreature"]))") }
            if case .foreign(let message) = reasons["9.scarycreature"] {
                #expect(message.contains("StressRecord"))
            } else {
                Issue.record("foreign: \(String(describing: reasons["9.scarycreature"]))")
            }
            #expect(reasons["10.scarycreature"] == .missingData)
            if case .corrupt = reasons["11.scarycreature"] {} else { Issue.record("flipped: \(String(describing: reasons["11.scarycreature"]))") }
            #expect(reasons["012.scarycreature"] == .badNumber)
            #expect(reasons["13.scarycreature"] == .notAFolder)
            #expect(listing.problems.allSatisfy { !$0.description.isEmpty && $0.description.hasPrefix($0.name) })
        }
    }

    @Test("repair moves bad bundles into quarantine with the reason beside each; then the folder lists cleanly")
    func repairQuarantines() async throws {
        try await withTemporaryFolder { root in
            let folder = try await makeDamagedFolder(root)
            let moved = try await folder.repair(decode: SampleCreature.unarchived)
            #expect(moved.count == 8)
            let after = try await folder.list(decode: SampleCreature.unarchived)
            #expect(after.problems.isEmpty)
            #expect(after.documents.count == 5)
            let quarantine = try FileManager.default.contentsOfDirectory(atPath: folder.quarantineURL.path)
            #expect(quarantine.contains("9.scarycreature"))
            let reason = try String(contentsOf: folder.quarantineURL.appendingPathComponent("9.scarycreature.reason.txt"), encoding: .utf8)
            #expect(reason.contains("foreign"))
            #expect(try await folder.create(data: try SampleCreature(title: "New", rating: 1).archived()).id == 6)
            #expect(try await folder.repair(decode: SampleCreature.unarchived).isEmpty)
        }
    }

    @Test("a second quarantine of the same name does not overwrite the first")
    func quarantineKeepsBoth() async throws {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root, configuration: .sampleCreatures)
            try await folder.open()
            for round in 1...2 {
                let bundle = root.appendingPathComponent("1.scarycreature")
                try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
                try Data("bad \(round)".utf8).write(to: bundle.appendingPathComponent("Data.plist"))
                #expect(try await folder.repair(decode: SampleCreature.unarchived).count == 1)
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.quarantineURL.path).sorted()
            #expect(names == ["1.scarycreature", "1.scarycreature-2", "1.scarycreature-2.reason.txt", "1.scarycreature.reason.txt"])
        }
    }

    @Test("a data file over the size limit is reported, not read into memory")
    func oversizedData() async throws {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root, configuration: DocumentFolderConfiguration(bundleExtension: "scarycreature", maxDataFileBytes: 1000))
            try await folder.open()
            _ = try await folder.create(data: Data(count: 5000))
            let listing = try await folder.list(decode: SampleCreature.unarchived)
            #expect(listing.documents.isEmpty)
            guard case .corrupt(let message) = listing.problems.first?.reason else {
                Issue.record("expected corrupt, got \(listing.problems)")
                return
            }
            #expect(message == root.standardizedFileURL.path + "/1.scarycreature/Data.plist is 5000 bytes, larger than the limit of 1000 bytes")
        }
    }
}
