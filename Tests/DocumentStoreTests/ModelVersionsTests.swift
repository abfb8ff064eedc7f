import DocumentStore
import Foundation
import ObjectStorage
import Testing
import TestSupport

/// A toy document for the versioning mechanism: `v<N>` on the first line, then words, one a line.
struct Words: Sendable, Equatable {
    var version: Int
    var words: [String]

    static let versions = ModelVersions<Words>(program: "words", steps: [
        ModelMigration("upperCase", from: 1) { $0.words = $0.words.map { $0.uppercased() } },
        ModelMigration("endMark", from: 2) { $0.words.append("END") },
    ])

    static func decode(_ data: Data) throws -> Words {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.first, first.hasPrefix("v"), let version = Int(first.dropFirst()) else { throw DocumentStoreError(.corrupt, "no version line") }
        return Words(version: version, words: Array(lines.dropFirst()))
    }

    /// Written at the current version, whatever it was read at.
    static func encode(_ value: Words) -> Data {
        Data((["v\(versions.current)"] + value.words).joined(separator: "\n").utf8)
    }
}

@Suite("ModelVersions: a model's versions and the steps between them")
struct ModelVersionsTests {
    @Test("versions 1…3 from two steps; a version stands older, current or newer")
    func statuses() {
        #expect(Words.versions.current == 3)
        #expect(Words.versions.steps.map(\.name) == ["upperCase", "endMark"])
        #expect(Words.versions.status(of: 1) == .older)
        #expect(Words.versions.status(of: 2) == .older)
        #expect(Words.versions.status(of: 3) == .current)
        #expect(Words.versions.status(of: 4) == .newer)
    }

    @Test("upgrading runs exactly the steps after the version read, in order; a current or newer value is left as it is")
    func upgradeRunsTheStepsAfter() throws {
        let value = Words(version: 0, words: ["a", "b"])
        #expect(try Words.versions.upgrade(value, from: 1).words == ["A", "B", "END"])
        #expect(try Words.versions.upgrade(value, from: 2).words == ["a", "b", "END"])
        #expect(try Words.versions.upgrade(value, from: 3).words == ["a", "b"])
        #expect(try Words.versions.upgrade(value, from: 9).words == ["a", "b"])
    }

    @Test("a newer version's refusal names the document, the version that wrote it and the newest known; the older copy is NAME.v<N>")
    func messages() {
        let error = Words.versions.newerModelError(document: "items.archive", writtenBy: 4)
        #expect(error.code == .newerModel)
        #expect(error.message == "items.archive was written by model version 4; this words knows up to 3 and opens it read-only")
        #expect(throws: error) { try Words.versions.requireWritable(4, document: "items.archive") }
        #expect(throws: Never.self) { try Words.versions.requireWritable(3, document: "items.archive") }
        #expect(ModelVersions<Words>.olderCopyName(of: "items.archive", version: 1) == "items.archive.v1")
    }

    @Test("DurableFileWriter.create makes a file once and never replaces one, leaving no temporary")
    func createNeverReplaces() throws {
        try withTemporaryFolderSync { (folder: URL) throws -> Void in
            let url = folder.appendingPathComponent("items.archive.v1")
            #expect(try DurableFileWriter.system.create(Data("first".utf8), at: url))
            #expect(try !DurableFileWriter.system.create(Data("second".utf8), at: url))
            #expect(try Data(contentsOf: url) == Data("first".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["items.archive.v1"])
        }
    }
}

@Suite("An ArchiveFileStore with model versions: upgrade on write, the old bytes kept once, newer archives read-only (file and object)")
struct ArchiveModelVersioningTests {
    static func store(_ place: ArchivePlace) -> ArchiveFileStore<Words> {
        let versioning = ArchiveModelVersioning(Words.versions, document: "items.archive") { $0.version }
        let withEncoded: @Sendable (Words, @Sendable (Data) throws -> Void) throws -> Void = { value, write in try write(Words.encode(value)) }
        switch place.kind {
        case .folder:
            return ArchiveFileStore(url: place.url, empty: Words(version: 3, words: []), withEncoded: withEncoded, decode: Words.decode, versioning: versioning)
        case .moto, .seaweedfs:
            return ArchiveFileStore(named: "items.archive", in: place.bucket(place.client!), empty: Words(version: 3, words: []), withEncoded: withEncoded, decode: Words.decode, versioning: versioning)
        }
    }

    /// The bytes stored as `name` beside the archive, or nil.
    static func sibling(_ name: String, of place: ArchivePlace) async throws -> Data? {
        switch place.kind {
        case .folder:
            let url = place.url.deletingLastPathComponent().appendingPathComponent(name)
            return FileManager.default.fileExists(atPath: url.path) ? try Data(contentsOf: url) : nil
        case .moto, .seaweedfs:
            let key = String(place.key.dropLast("items.archive".count)) + name
            do {
                guard case .object(let object) = try await place.client!.get(key, maxBytes: 1 << 20) else { return nil }
                return object.body
            } catch let error as S3Error where error.code == .notFound {
                return nil
            }
        }
    }

    @Test("a version 1 archive loads upgraded and is not written by reading; the first change keeps its bytes as items.archive.v1 and writes version 3; later ones keep the copy", arguments: StorageKind.allCases)
    func olderUpgradedOnWrite(_ kind: StorageKind) async throws {
        try await withArchivePlace(kind) { place in
            let old = Data("v1\nbat\ncat".utf8)
            try await place.put(old)
            let store = Self.store(place)
            #expect(try await store.load().words == ["BAT", "CAT", "END"])
            #expect(await store.storedModelVersion == 1)
            #expect(try await place.stored() == old)
            #expect(try await Self.sibling("items.archive.v1", of: place) == nil)
            try await store.update { $0.words.append("rat") }
            #expect(try await Self.sibling("items.archive.v1", of: place) == old)
            #expect(try await place.stored() == Data("v3\nBAT\nCAT\nEND\nrat".utf8))
            #expect(await store.storedModelVersion == 3)
            try await store.update { _ = $0.words.removeFirst() }
            #expect(try await Self.sibling("items.archive.v1", of: place) == old)
        }
    }

    @Test("a copy already named items.archive.v2 is never replaced", arguments: StorageKind.allCases)
    func copyNeverReplaced(_ kind: StorageKind) async throws {
        try await withArchivePlace(kind) { place in
            try await place.put(Data("v2\nbat".utf8))
            let earlier = Data("kept before".utf8)
            switch kind {
            case .folder: try earlier.write(to: place.url.deletingLastPathComponent().appendingPathComponent("items.archive.v2"))
            case .moto, .seaweedfs: try await place.client!.put(String(place.key.dropLast("items.archive".count)) + "items.archive.v2", body: earlier)
            }
            let store = Self.store(place)
            try await store.update { $0.words.append("cat") }
            #expect(try await Self.sibling("items.archive.v2", of: place) == earlier)
            #expect(try await place.stored() == Data("v3\nbat\nEND\ncat".utf8))
        }
    }

    @Test("a version 4 archive is read as it is and every change fails with .newerModel; nothing is written", arguments: StorageKind.allCases)
    func newerIsReadOnly(_ kind: StorageKind) async throws {
        try await withArchivePlace(kind) { place in
            let newer = Data("v4\nbat".utf8)
            try await place.put(newer)
            let store = Self.store(place)
            #expect(try await store.load() == Words(version: 4, words: ["bat"]))
            #expect(await store.storedModelVersion == 4)
            await #expect(throws: Words.versions.newerModelError(document: "items.archive", writtenBy: 4, path: place.location)) {
                try await store.update { $0.words.append("cat") }
            }
            #expect(try await place.stored() == newer)
            #expect(await store.writeCount == 0)
            #expect(try await Self.sibling("items.archive.v4", of: place) == nil)
        }
    }
}
