@_spi(Testing) @testable import DocumentStore
import DocumentStoreSamples
import Foundation
import KeyedArchive
import KeyedArchiveSamples
import Testing
@_spi(Testing) import TestSupport

/// Folder contents as the checks see them: folder path ("" for the root) → file name → bytes.
typealias DiskContent = [String: [String: [UInt8]]]

/// One store operation run on a simulated disk and checked at every power cut.
struct CrashScenario: Sendable, CustomTestStringConvertible {
    var name: String
    var usesExclusiveRename = true
    /// Makes the starting state (counted as durable).
    var setUp: @Sendable (DocumentFolder, SimulatedDisk) async throws -> Void
    /// The operations, one after another, whose every crash point is checked; each is
    /// acknowledged when it returns.
    var operations: [@Sendable (DocumentFolder, SimulatedDisk) async throws -> Void]
    /// An extra rule for a recovered state (e.g. a quarantined bundle is in one place or the other).
    var invariant: @Sendable (DiskContent) -> Bool = { _ in true }

    var testDescription: String { name }
}

@Suite("Crash simulation: every power cut of every store operation leaves old or new, never torn or missing", .tags(.slow))
struct CrashSimulationTests {
    static let creature = try? SampleCreature(title: "Old", rating: 1).archived()
    static let photo = [UInt8]((0..<1500).map { UInt8($0 % 251) })

    /// Data of a few sizes, so writes tear at several block boundaries.
    static func data(_ size: Int, _ seed: UInt8) -> Data {
        Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) })
    }

    static let scenarios: [CrashScenario] = [
        CrashScenario(name: "create three bundles with attachments", setUp: oneBundle, operations: [
            { folder, _ in _ = try await folder.create(data: data(300, 1), attachments: ["fullImage.png": Data(photo), "thumbImage.png": data(40, 2)]) },
            { folder, _ in _ = try await folder.create(data: data(1100, 3)) },
            { folder, _ in _ = try await folder.create(data: data(60, 4), attachments: ["fullImage.jpg": data(2100, 5)]) },
        ]),
        CrashScenario(name: "create without renameat2 (the reservation fallback)", usesExclusiveRename: false, setUp: oneBundle, operations: [
            { folder, _ in _ = try await folder.create(data: data(700, 6), attachments: ["fullImage.png": Data(photo)]) },
            { folder, _ in _ = try await folder.create(data: data(90, 7)) },
        ]),
        CrashScenario(name: "update the data archive four times", setUp: oneBundle, operations: [1300, 90, 2600, 700].enumerated().map { index, size in
            { folder, _ in try await folder.update(1) { _ in data(size, UInt8(index + 10)) } }
        }),
        CrashScenario(name: "write a new photo and its thumbnail in one edit, twice", setUp: oneBundle, operations: [0, 1].map { round in
            { folder, _ in
                try await folder.edit(1) { editor in
                    try editor.removeAttachment(named: "thumbImage.png")
                    try editor.writeAttachment(data(1500 + round * 900, UInt8(20 + round)), named: "fullImage.png")
                    try editor.writeAttachment(data(100, UInt8(30 + round)), named: "thumbImage.png")
                }
            }
        }),
        CrashScenario(name: "write, replace and remove attachments", setUp: oneBundle, operations: [
            { folder, _ in try await folder.writeAttachment(data(900, 40), named: "notes.txt", of: 1) },
            { folder, _ in try await folder.removeAttachment(named: "fullImage.png", of: 1) },
            { folder, _ in try await folder.writeAttachment(data(1800, 41), named: "notes.txt", of: 1) },
            { folder, _ in try await folder.removeAttachment(named: "notes.txt", of: 1) },
        ]),
        CrashScenario(name: "delete two bundles", setUp: { folder, disk in
            try await oneBundle(folder, disk)
            _ = try await folder.create(data: data(500, 50), attachments: ["thumbImage.png": data(70, 51)])
        }, operations: [
            { folder, _ in try await folder.delete(1) },
            { folder, _ in try await folder.delete(2) },
        ]),
        CrashScenario(name: "delete the last bundle, then create one that takes its number", setUp: { folder, disk in
            try await oneBundle(folder, disk)
            _ = try await folder.create(data: data(800, 60), attachments: ["fullImage.png": data(1200, 61)])
        }, operations: [
            { folder, _ in try await folder.delete(2) },
            { folder, _ in
                let bundle = try await folder.create(data: data(300, 62), attachments: ["thumbImage.png": data(50, 63)])
                guard bundle.id == 2 else { throw DocumentStoreError(.io, "expected number 2, got \(bundle.id)") }
            },
        ]),
        CrashScenario(name: "repair a corrupt bundle into quarantine", setUp: { folder, disk in
            try await oneBundle(folder, disk)
            _ = try await folder.create(data: Data("not an archive".utf8))
        }, operations: [
            { folder, _ in _ = try await folder.repair(decode: SampleCreature.unarchived) },
        ], invariant: { content in
            (content["2.scarycreature"] != nil) != (content[".quarantine/2.scarycreature"] != nil)
        }),
        CrashScenario(name: "save an archive file (Homepwner's items.archive) three times", setUp: { _, disk in
            try await archiveStore(disk).save(HomepwnerItem.sample(count: 2))
        }, operations: [9, 1, 25].map { count in
            { _, disk in try await archiveStore(disk).save(HomepwnerItem.sample(count: count)) }
        }),
        CrashScenario(name: "blobs beside the data (FolderBlobStore): replace, create only, update the version read, keep aside, delete", setUp: { _, disk in
            try await blobStore(disk).write("photo", data(1500, 70))
        }, operations: [
            { _, disk in try await blobStore(disk).write("photo", data(2600, 71)) },
            { _, disk in try await blobStore(disk).write("A.attachment-1-x.pdf", data(900, 72), mode: .create, contentType: nil) },
            { _, disk in try await blobStore(disk).update("locations.plist", maxBytes: 1 << 20) { _ in data(300, 73) } },
            { _, disk in try await blobStore(disk).update("locations.plist", maxBytes: 1 << 20) { _ in data(1200, 74) } },
            { _, disk in _ = try await blobStore(disk).keepAside("locations.plist", as: "locations.plist.damaged-1") },
            { _, disk in try await blobStore(disk).delete("photo") },
        ], invariant: { content in
            // Kept aside by one rename: never under both names.
            !(content[""]?["locations.plist"] != nil && content[""]?["locations.plist.damaged-1"] != nil)
        }),
    ]

    static func blobStore(_ disk: SimulatedDisk) -> FolderBlobStore {
        var writer = DurableFileWriter()
        writer.fileSystem = disk
        return FolderBlobStore(root: URL(fileURLWithPath: disk.mountPath), writer: writer)
    }

    static func oneBundle(_ folder: DocumentFolder, _ disk: SimulatedDisk) async throws {
        _ = try await folder.create(data: creature ?? Data("old".utf8), attachments: ["fullImage.png": Data(photo), "thumbImage.png": Data("thumb".utf8)])
    }

    static func archiveStore(_ disk: SimulatedDisk) -> ArchiveFileStore<[HomepwnerItem]> {
        var writer = DurableFileWriter()
        writer.fileSystem = disk
        return ArchiveFileStore(keyedArchiveAt: URL(fileURLWithPath: disk.mountPath + "/items.archive"), empty: [], writer: writer)
    }

    static func folder(on disk: SimulatedDisk, exclusiveRename: Bool = true) -> DocumentFolder {
        DocumentFolder(root: URL(fileURLWithPath: disk.mountPath), configuration: .sampleCreatures, writer: .system, usesExclusiveRename: exclusiveRename, fileSystem: disk)
    }

    /// Runs `scenario` once on a simulated disk, then recovers and checks every state a power
    /// cut after each recorded change may leave — and every state a second cut during that
    /// recovery may leave, recovered again. Returns the number of states checked.
    static func check(_ scenario: CrashScenario) async throws -> Int {
        let disk = SimulatedDisk()
        let store = folder(on: disk, exclusiveRename: scenario.usesExclusiveRename)
        try await store.open()
        try await scenario.setUp(store, disk)
        let recording = try await disk.record(scenario.operations.map { operation in { try await operation(store, disk) } }) {
            disk.currentState.content()
        }
        let changes = recording.changes
        var checked = 0
        for point in recording.cuts {
            let (cut, acknowledged, old, new) = (point.index, point.acknowledged, point.old, point.new)
            let absent = disk.namesAbsent(during: point.inFlight)
            for state in disk.crashStates(cut: cut) {
                // Recover, and also cut the power during recovery, at each of its changes, and
                // recover again: both must end in an acceptable state.
                let recovering = SimulatedDisk(state: state)
                recovering.startRecording()
                try await folder(on: recovering).open()
                var outcomes = [(recovering.currentState, "")]
                for recoveryCut in 0..<recovering.log.count {
                    for interrupted in recovering.crashStates(cut: recoveryCut) {
                        let again = SimulatedDisk(state: interrupted)
                        try await folder(on: again).open()
                        outcomes.append((again.currentState, " and again after change \(recoveryCut) of recovery"))
                    }
                }
                for (recovered, when) in outcomes {
                    let content = recovered.content()
                    let problem = verdict(content, old: old, new: acknowledged ? old : new, acknowledged: acknowledged, mayBeAbsent: absent, invariant: scenario.invariant)
                    if let problem {
                        Issue.record("\(scenario.name): power cut after change \(cut) of \(changes)\(when): \(problem)\nrecovered: \(describe(content))\nold: \(describe(old))\nnew: \(describe(new))")
                        return checked
                    }
                    checked += 1
                }
            }
        }
        return checked
    }

    /// Why `content` is not an acceptable state, or nil if it is.
    ///
    /// Each file must hold its old or its new bytes, or be absent if the operation removed it for
    /// a moment (a multi-file edit that drops a thumbnail before writing the new photo); a
    /// bundle that is created or deleted must be whole or gone.
    static func verdict(_ content: DiskContent, old: DiskContent, new: DiskContent, acknowledged: Bool, mayBeAbsent: Set<String> = [], invariant: (DiskContent) -> Bool) -> String? {
        let leftovers = [".tmp-", ".new-", ".trash-", ".reserve-"]
        for (folder, files) in content {
            for name in [folder] + files.keys.map({ folder + "/" + $0 }) where leftovers.contains(where: name.contains) {
                return "a leftover survived recovery: \(name)"
            }
        }
        if acknowledged {
            return content == new ? nil : "the acknowledged change is not all there"
        }
        guard invariant(content) else { return "the scenario's own rule is broken" }
        for folder in Set(old.keys).union(new.keys).union(content.keys) {
            let before = old[folder], after = new[folder], got = content[folder]
            let isBundle = folder.hasSuffix(".scarycreature")
            guard let got else {
                if before != nil && after != nil { return "\(folder) is missing" }
                continue
            }
            if before == nil && after == nil { return "\(folder) appeared from nowhere" }
            if isBundle && before == nil { if got != after { return "\(folder) is half built" } else { continue } }
            if isBundle && after == nil { if got != before { return "\(folder) is half deleted" } else { continue } }
            for name in Set(before?.keys ?? [:].keys).union(after?.keys ?? [:].keys).union(got.keys) {
                let value = got[name]
                if value != before?[name] && value != after?[name] && !(value == nil && mayBeAbsent.contains(folder + "/" + name)) {
                    return "\(folder)/\(name) is neither old nor new (\(value.map { "\($0.count) bytes" } ?? "missing"))"
                }
            }
        }
        return nil
    }

    static func describe(_ content: DiskContent) -> String {
        content.keys.sorted().map { folder in
            "\(folder.isEmpty ? "/" : folder){" + (content[folder] ?? [:]).keys.sorted().map { "\($0):\(content[folder]?[$0]?.count ?? 0)" }.joined(separator: ",") + "}"
        }.joined(separator: " ")
    }

    /// How many states each scenario checks at least: together the 6,187 that docs/testing.md
    /// quotes, so a change that made the simulator check less fails here, not silently.
    static let minimumStates: [String: Int] = [
        "create three bundles with attachments": 805,
        "create without renameat2 (the reservation fallback)": 425,
        "update the data archive four times": 117,
        "write a new photo and its thumbnail in one edit, twice": 119,
        "write, replace and remove attachments": 63,
        "delete two bundles": 1248,
        "delete the last bundle, then create one that takes its number": 3256,
        "repair a corrupt bundle into quarantine": 49,
        "save an archive file (Homepwner's items.archive) three times": 105,
        "blobs beside the data (FolderBlobStore): replace, create only, update the version read, keep aside, delete": 123,
    ]

    @Test("every state a power cut can leave is old or new per file, bundles whole, nothing acknowledged lost", arguments: scenarios)
    func everyCut(_ scenario: CrashScenario) async throws {
        let checked = try await Self.check(scenario)
        let floor = try #require(Self.minimumStates[scenario.name], "no floor for \(scenario.name)")
        #expect(checked >= floor, "only \(checked) states were checked, fewer than the \(floor) documented")
        print("crash simulation: \(scenario.name): \(checked) states checked")
    }

    @Test("the simulator catches a writer without fsync: a rename before the data is synced can tear a file")
    func simulatorCatchesMissingSync() async throws {
        // A write done the wrong way, straight on the simulated disk: data, rename, folder sync.
        let disk = SimulatedDisk()
        let store = Self.folder(on: disk)
        try await store.open()
        try await Self.oneBundle(store, disk)
        let old = disk.currentState.content()
        disk.startRecording()
        let root = try disk.openFile(AT_FDCWD, disk.mountPath, O_RDONLY | O_DIRECTORY, 0)
        let bundle = try disk.openFile(root, "1.scarycreature", O_RDONLY | O_DIRECTORY, 0)
        let file = try disk.openFile(bundle, "fullImage.png.part", O_WRONLY | O_CREAT | O_EXCL, 0o644)
        _ = try Data(Self.photo.reversed()).withUnsafeBytes { try disk.writeBytes(file, $0) }
        try disk.rename(bundle, "fullImage.png.part", bundle, "fullImage.png", exclusive: false)
        try disk.sync(bundle)
        let new = disk.currentState.content()
        var torn = 0
        for cut in 0...disk.log.count {
            for state in disk.crashStates(cut: cut) where Self.verdict(state.content(), old: old, new: new, acknowledged: false, invariant: { _ in true }) != nil {
                torn += 1
            }
        }
        #expect(torn > 0)
    }
}
