@_spi(Testing) @testable import DocumentStore
import DocumentStoreSamples
import Foundation
import Testing
import TestSupport

@Suite("Document folder without an exclusive rename (the mkdir-reservation fallback)")
struct ReservationFallbackTests {
    @Test("creates still get distinct numbers, complete bundles and no leftovers")
    func fallbackCreates() async throws {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root, configuration: .sampleCreatures, writer: .system, usesExclusiveRename: false)
            try await folder.open()
            let ids = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<50 {
                    group.addTask {
                        try await folder.create(data: try SampleCreature(title: "\(index)", rating: 1).archived(), attachments: ["thumbImage.png": Data(count: 10)]).id
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(Set(ids) == Set(1...50))
            let listing = try await folder.list(decode: SampleCreature.unarchived)
            #expect(listing.problems.isEmpty && listing.documents.count == 50)
            #expect(try await folder.attachmentNames(of: 50) == ["thumbImage.png"])
            #expect(leftovers(in: root).isEmpty)
        }
    }

    @Test("a reservation a crashed creator left is skipped by creates and removed by open once nobody holds it")
    func staleReservation() async throws {
        try await withTemporaryFolder { root in
            let folder = DocumentFolder(root: root, configuration: .sampleCreatures, writer: .system, usesExclusiveRename: false)
            try await folder.open()
            try Data().write(to: root.appendingPathComponent(".reserve-1"))
            let held = root.appendingPathComponent(".reserve-3")
            try Data().write(to: held)
            let holder = open(held.path, O_RDONLY)
            #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
            defer { close(holder) }
            #expect(try await folder.create(data: Data("a".utf8)).id == 2)
            #expect(try await folder.create(data: Data("b".utf8)).id == 4)
            let report = try await folder.open()
            #expect(report.removedTemporaries == [".reserve-1"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == [".reserve-3", "2.scarycreature", "4.scarycreature"])
        }
    }
}
