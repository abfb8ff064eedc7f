@_spi(Testing) @testable import DocumentStore
import DocumentStoreSamples
import Foundation
import Testing
import TestSupport

@Suite("Document folder: bundle numbers stop where listing stops accepting them")
struct BundleNumberTests {
    @Test("with bundle 999999999999999999 present, create is a noFreeNumber error and nothing appears")
    func exhausted() async throws {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root, configuration: .sampleCreatures)
            try await folder.open()
            let last = root.appendingPathComponent("999999999999999999.scarycreature")
            try FileManager.default.createDirectory(at: last, withIntermediateDirectories: false)
            try SampleCreature(title: "Last", rating: 1).archived().write(to: last.appendingPathComponent("Data.plist"))
            let error = try await #require(throws: DocumentStoreError.self) {
                try await folder.create(data: try SampleCreature(title: "One more", rating: 1).archived())
            }
            #expect(error.code == .noFreeNumber)
            #expect(error.message == "no bundle number is free in \(root.path): numbers stop at 999999999999999999 and the largest is taken")
            let listing = try await folder.list(decode: SampleCreature.unarchived)
            #expect(listing.documents.map(\.bundle.id) == [999_999_999_999_999_999])
            #expect(listing.problems.isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["999999999999999999.scarycreature"])
        }
    }

    @Test("the last number is handed out, and listing accepts it", arguments: [true, false])
    func lastNumber(exclusiveRename: Bool) async throws {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root, configuration: .sampleCreatures, writer: .system, usesExclusiveRename: exclusiveRename)
            try await folder.open()
            try FileManager.default.createDirectory(at: root.appendingPathComponent("999999999999999998.scarycreature"), withIntermediateDirectories: false)
            let created = try await folder.create(data: try SampleCreature(title: "Last", rating: 1).archived())
            #expect(created.id == 999_999_999_999_999_999)
            let listing = try await folder.list(decode: SampleCreature.unarchived)
            #expect(listing.documents.map(\.bundle.id) == [999_999_999_999_999_999])
            await #expect(throws: DocumentStoreError.self) { try await folder.create(data: Data()) }
            #expect(leftovers(in: root).isEmpty)
        }
    }

    @Test("asking for bundle 10^18 is invalidName, not a lookup", arguments: StorageKind.allCases)
    func tooLargeID(_ kind: StorageKind) async throws {
        try await withFolderPlace(kind) { folder, _, _ in
            let error = try await #require(throws: DocumentStoreError.self) { try await folder.readData(of: 1_000_000_000_000_000_000) }
            #expect(error.code == .invalidName)
        }
    }
}
