import DocumentStore
import DocumentStoreSamples
import Foundation
import Testing
import TestSupport

@Suite("Document folder: named attachments")
struct AttachmentTests {
    @Test("attachments are written, read, streamed, listed and removed", arguments: StorageKind.allCases)
    func lifecycle(_ kind: StorageKind) async throws {
        try await withFolderPlace(kind) { folder, _, _ in
            let photo = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            let bundle = try await folder.create(data: Data("data".utf8), attachments: ["fullImage.png": photo])
            try await folder.writeAttachment(Data("thumb".utf8), named: "thumbImage.png", of: bundle.id)
            #expect(try await folder.attachmentNames(of: bundle.id) == ["fullImage.png", "thumbImage.png"])
            #expect(try await folder.readAttachment(named: "fullImage.png", of: bundle.id) == photo)

            let handle = try await folder.openAttachment(named: "fullImage.png", of: bundle.id)
            var streamed = Data()
            while let chunk = try handle.read(upToCount: 65_536), !chunk.isEmpty { streamed.append(chunk) }
            try handle.close()
            #expect(streamed == photo)

            try await folder.removeAttachment(named: "fullImage.png", of: bundle.id)
            try await folder.removeAttachment(named: "fullImage.png", of: bundle.id)
            #expect(try await folder.attachmentNames(of: bundle.id) == ["thumbImage.png"])
            let error = try await #require(throws: DocumentStoreError.self) {
                try await folder.readAttachment(named: "fullImage.png", of: bundle.id)
            }
            #expect(error.code == .notFound)
        }
    }

    @Test("an open handle keeps reading the old photo after it is replaced")
    func handleSurvivesReplacement() async throws {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root, configuration: .sampleCreatures)
            try await folder.open()
            let bundle = try await folder.create(data: Data("data".utf8), attachments: ["fullImage.jpg": Data("old photo".utf8)])
            let handle = try await folder.openAttachment(named: "fullImage.jpg", of: bundle.id)
            try await folder.writeAttachment(Data("new photo".utf8), named: "fullImage.jpg", of: bundle.id)
            #expect(try handle.readToEnd() == Data("old photo".utf8))
            try handle.close()
            #expect(try await folder.readAttachment(named: "fullImage.jpg", of: bundle.id) == Data("new photo".utf8))
        }
    }

    @Test("names that could escape the bundle or hit its data file are refused", arguments: [
        "", ".", "..", "../escape", "a/b", ".hidden", "Data.plist", String(repeating: "x", count: 256),
    ])
    func badNames(name: String) async throws {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root, configuration: .sampleCreatures)
            try await folder.open()
            let bundle = try await folder.create(data: Data("data".utf8))
            let error = try await #require(throws: DocumentStoreError.self) {
                try await folder.writeAttachment(Data("x".utf8), named: name, of: bundle.id)
            }
            #expect(error.code == .invalidName)
            await #expect(throws: DocumentStoreError.self) { try await folder.create(data: Data(), attachments: [name: Data()]) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [bundle.name])
        }
    }

    @Test("a full disk while replacing an attachment keeps the old one")
    func fullDiskKeepsOldAttachment() async throws {
        try await withTemporaryFolder { root in
            let good = DocumentFolder(root: root, configuration: .sampleCreatures)
            try await good.open()
            let bundle = try await good.create(data: Data("data".utf8), attachments: ["fullImage.png": Data("old".utf8)])
            let full = DocumentFolder(root: root, configuration: .sampleCreatures, writer: DurableFileWriter(fault: .noSpace(afterBytes: 1000)))
            let error = try await #require(throws: DocumentStoreError.self) {
                try await full.writeAttachment(Data(count: 50_000), named: "fullImage.png", of: bundle.id)
            }
            #expect(error.code == .noSpace)
            #expect(try await good.readAttachment(named: "fullImage.png", of: bundle.id) == Data("old".utf8))
            await #expect(throws: DocumentStoreError.self) { try await full.create(data: Data(count: 5000)) }
            #expect(try await good.bundles().map(\.id) == [bundle.id])
            #expect(leftovers(in: root).isEmpty)
        }
    }
}
