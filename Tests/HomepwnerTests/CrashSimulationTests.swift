@testable import DocumentStore
import Foundation
@testable import Homepwner
import Testing

@Suite("Crash simulation: a power cut at any point of any save leaves items.archive old or new, never torn")
struct CrashSimulationTests {
    static func store(on disk: SimulatedDisk) async -> ItemStore {
        var writer = DurableFileWriter()
        writer.fileSystem = disk
        let counter = Counter()
        let store = ItemStore(folder: URL(fileURLWithPath: disk.mountPath), writer: writer, now: {
            Date(timeIntervalSinceReferenceDate: 600_000_000.5)
        }, makeKey: { String(format: "00000000-0000-4000-8000-%012X", counter.next()) })
        await store.leaveFolderUnmanaged()
        return store
    }

    static func archiveBytes(_ state: DiskState) -> [UInt8]? {
        state.content()[""]?["items.archive"]
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
        var snapshots = [Self.archiveBytes(disk.currentState)]
        var ends = [0]
        disk.startRecording()
        for operation in operations {
            try await operation(store)
            snapshots.append(Self.archiveBytes(disk.currentState))
            ends.append(disk.log.count)
        }
        let changes = disk.log.count
        var checked = 0
        for cut in 0...changes {
            let done = ends.lastIndex { $0 <= cut } ?? 0
            let acknowledged = ends[done] == cut
            let old = snapshots[done], new = snapshots[min(done + 1, snapshots.count - 1)]
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
                    #expect(got == new, "cut \(cut) of \(changes): an acknowledged change is missing")
                } else {
                    #expect(got == old || got == new, "cut \(cut) of \(changes): items.archive is neither old nor new")
                }
                checked += 1
            }
        }
        #expect(checked > 30, "only \(checked) states were checked")
        let final = try ItemArchive.decode(Data(try #require(snapshots.last ?? nil))).items.map(\.itemName)
        #expect(final.count == 9)
        print("Homepwner crash simulation: \(checked) states checked over \(changes) recorded changes")
    }
}
