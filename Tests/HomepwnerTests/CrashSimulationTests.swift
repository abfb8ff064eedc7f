@_spi(Testing) @testable import DocumentStore
import Foundation
@testable import Homepwner
import Testing
@_spi(Testing) import TestSupport

@Suite("Crash simulation: a power cut at any point of any save leaves items.archive old or new, never torn", .tags(.slow))
struct CrashSimulationTests {
    static func store(on disk: SimulatedDisk) async -> ItemStore {
        var writer = DurableFileWriter()
        writer.fileSystem = disk
        let counter = Counter()
        let store = ItemStore(storage: .folder(URL(fileURLWithPath: disk.mountPath)), writer: writer, now: {
            Date(timeIntervalSinceReferenceDate: 600_000_000.5)
        }, makeKey: { String(format: "00000000-0000-4000-8000-%012X", counter.next()) })
        await store.leaveFolderUnmanaged()
        return store
    }

    static func archiveBytes(_ state: DiskState) -> [UInt8]? {
        state.content()[""]?["items.archive"]
    }

    /// Whether `got` is a whole archive whose item names include all of `old`'s and only `new`'s.
    static func isBetween(_ got: [UInt8]?, _ old: [UInt8]?, _ new: [UInt8]?) -> Bool {
        func names(_ bytes: [UInt8]?) -> Set<String>? {
            guard let bytes, let archive = try? ItemArchive.decode(Data(bytes)) else { return nil }
            return Set(archive.items.map(\.itemName))
        }
        guard let got = names(got), let old = names(old), let new = names(new) else { return false }
        return old.isSubset(of: got) && got.isSubset(of: new)
    }

    @Test("every state a power cut can leave during add, update, a burst of concurrent changes and delete reads as old or new")
    func everyCut() async throws {
        let disk = SimulatedDisk(mountPath: "/simulated/Documents")
        let store = await Self.store(on: disk)
        try await store.add(NewItem(name: "first", serialNumber: "F-1", valueInDollars: 10))
        try await store.add(NewItem(name: String(repeating: "long name ", count: 15), valueInDollars: 20))
        let key = try await store.items()[0].itemKey
        let operations: [@Sendable (ItemStore) async throws -> Void] = [
            { try await $0.add(NewItem(name: "added", serialNumber: String(repeating: "S", count: 64), valueInDollars: 1_000_000_000)) },
            { try await $0.update(key, ItemChanges(name: "renamed", valueInDollars: 11)) },
            { store in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for index in 0..<6 {
                        group.addTask { try await store.add(NewItem(name: "burst \(index)", valueInDollars: index)) }
                    }
                    try await group.waitForAll()
                }
            },
            { try await $0.delete(key) },
        ]
        let burst = 3  // the operation whose changes may be written in several steps
        let recording = try await disk.record(operations.map { operation in { try await operation(store) } }) {
            Self.archiveBytes(disk.currentState)
        }
        let changes = recording.changes
        var checked = 0
        for point in recording.cuts {
            // Operations 1...done were acknowledged before the cut; operation done + 1 was in
            // flight unless the cut falls just after one.
            let (cut, done, acknowledged, old, new) = (point.index, point.done, point.acknowledged, point.old, point.new)
            for state in disk.crashStates(cut: cut) {
                let recovering = SimulatedDisk(mountPath: disk.mountPath, state: state)
                let reopened = await Self.store(on: recovering)
                try await reopened.load()
                let status = await reopened.status
                let got = Self.archiveBytes(recovering.currentState)
                let leftovers = (recovering.currentState.content()[""] ?? [:]).keys.filter { $0 != "items.archive" }
                #expect(status == .ready, "cut \(cut) of \(changes): \(status)")
                #expect(leftovers.isEmpty, "cut \(cut) of \(changes): leftovers \(leftovers)")
                if acknowledged {
                    #expect(got == old, "cut \(cut) of \(changes): an acknowledged change is missing")
                } else if got != old && got != new {
                    // The burst's changes may go out in more than one write: a state between is
                    // a whole archive holding the old items and some of the burst's.
                    let between = done + 1 == burst ? Self.isBetween(got, old, new) : false
                    #expect(between, "cut \(cut) of \(changes): items.archive is neither old nor new")
                }
                checked += 1
            }
        }
        // docs/testing.md quotes at least 77 states: the four operations written once each (the
        // burst in one write, as the scheduling allows: in several writes there are more).
        #expect(checked >= 77, "only \(checked) states were checked, fewer than the 77 documented")
        let final = try ItemArchive.decode(Data(try #require(recording.snapshots.last ?? nil))).items.map(\.itemName)
        #expect(final.count == 8)  // 2 + 1 added + 6 in the burst - 1 deleted
        print("Homepwner crash simulation: \(checked) states checked over \(changes) recorded changes")
    }
}
