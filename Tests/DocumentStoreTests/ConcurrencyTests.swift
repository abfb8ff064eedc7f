import DocumentStore
import DocumentStoreSamples
import Foundation
import KeyedArchive
import Testing
import TestSupport

@Suite("Document folder: concurrency")
struct ConcurrencyTests {
    @Test("200 concurrent creates in one process get 200 distinct numbers", arguments: StorageKind.allCases)
    func concurrentCreates(_ kind: StorageKind) async throws {
        try await withFolderPlace(kind) { folder, _, _ in
            let ids = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<200 {
                    group.addTask { try await folder.create(data: try SampleCreature(title: "\(index)", rating: 0).archived()).id }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(Set(ids).count == 200)
            #expect(Set(ids) == Set(1...200))
            #expect(try await folder.list(decode: SampleCreature.unarchived).documents.count == 200)
        }
    }

    @Test("concurrent read-modify-write updates of one bundle lose nothing", arguments: StorageKind.allCases)
    func noLostUpdates(_ kind: StorageKind) async throws {
        try await withFolderPlace(kind) { folder, _, _ in
            let bundle = try await folder.create(data: Data("0".utf8))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<100 {
                    group.addTask {
                        try await folder.update(bundle.id) { old in
                            let count = Int(String(decoding: old ?? Data(), as: UTF8.self)) ?? -1000
                            return Data("\(count + 1)".utf8)
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(String(decoding: try await folder.readData(of: bundle.id), as: UTF8.self) == "100")
        }
    }

    @Test("two processes creating 500 bundles each at once make exactly 1,000 distinct bundles")
    func twoProcessesCreate() async throws {
        try await withTemporaryFolder { root in
            let first = try startStress(["create", root.path, "500"])
            let second = try startStress(["create", root.path, "500"])
            let results = [await first.finish(), await second.finish()]
            for result in results { #expect(result.status == 0, "\(result.errors)") }
            let reported = results.flatMap(\.lines).compactMap { Int($0.split(separator: " ").last ?? "") }
            #expect(reported.count == 1000)
            #expect(Set(reported) == Set(1...1000))
            let folder = DocumentFolder(root: root, configuration: .sampleCreatures)
            let listing = try await folder.list { try KeyedUnarchiver.unarchive(StressRecord.self, from: $0) }
            #expect(listing.problems.isEmpty)
            #expect(listing.documents.count == 1000)
            #expect(leftovers(in: root).isEmpty)
        }
    }

    @Test("two processes updating the same bundle 200 times each lose no update")
    func twoProcessesUpdateOneBundle() async throws {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root, configuration: .sampleCreatures)
            try await folder.open()
            let bundle = try await folder.create(data: Data("0".utf8))
            let first = try startStress(["increment", root.path, "\(bundle.id)", "200"])
            let second = try startStress(["increment", root.path, "\(bundle.id)", "200"])
            for result in [await first.finish(), await second.finish()] {
                #expect(result.status == 0, "\(result.errors)")
                #expect(result.lines == ["incremented 200"])
            }
            #expect(String(decoding: try await folder.readData(of: bundle.id), as: UTF8.self) == "400")
        }
    }
}

@Suite("Document folder: group commit of updates to one bundle")
struct GroupCommitTests {
    @Test("40 concurrent updates of one bundle all land, and the one whose transform throws fails alone", arguments: StorageKind.allCases)
    func groupedUpdates(_ kind: StorageKind) async throws {
        struct Refused: Error {}
        try await withFolderPlace(kind) { folder, _, _ in
            _ = try await folder.create(data: Data())
            let outcomes = await withTaskGroup(of: (Int, Bool).self) { group in
                for index in 0..<40 {
                    group.addTask {
                        let succeeded = (try? await folder.update(1) { data in
                            if index == 17 { throw Refused() }
                            return (data ?? Data()) + [UInt8(index)]
                        }) != nil
                        return (index, succeeded)
                    }
                }
                return await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
            }
            #expect(outcomes.filter { !$0.value }.map(\.key) == [17])
            let data = try await folder.readData(of: 1)
            #expect(data.count == 39)
            #expect(Set(data) == Set((0..<40).filter { $0 != 17 }.map { UInt8($0) }))
        }
    }
}
