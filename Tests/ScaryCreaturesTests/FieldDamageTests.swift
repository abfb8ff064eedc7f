import Foundation
import ScaryCreatures
import Testing

@Suite("Scary Creatures: damage inside a field is damage to the bundle, never overwritten")
struct FieldDamageTests {
    @Test("A title whose object marker is no marker: the bundle is listed as a problem, a rename is refused, Data.plist stays as it was, and repair keeps it aside")
    func invalidMarkerInTheTitle() async throws {
        try await withTemporaryFolder { root in
            let database = try await ScaryCreatureDatabase.open(at: root)
            _ = try await database.add(title: "DMG-TITLE-7", rating: 3)
            let url = root.appendingPathComponent("1.scarycreature/Data.plist")
            var bytes = try Data(contentsOf: url)
            let title = try #require(bytes.range(of: Data("DMG-TITLE-7".utf8)))
            bytes[title.lowerBound - 1] = 0xFF
            try bytes.write(to: url)

            let reopened = try await ScaryCreatureDatabase.open(at: root)
            let (creatures, problems) = try await reopened.list()
            #expect(creatures.isEmpty)
            #expect(problems.map(\.name) == ["1.scarycreature"])
            for change in [
                { _ = try await reopened.rename(1, to: "Renamed") },
                { _ = try await reopened.update(1, rating: 1) },
            ] as [@Sendable () async throws -> Void] {
                let error = await #expect(throws: ScaryCreaturesError.self) { try await change() }
                #expect(error?.code == .corrupt)
            }
            #expect(try Data(contentsOf: url) == bytes)
            let repaired = try await reopened.check(repair: true)
            #expect(repaired.quarantined.count == 1)
        }
    }
}
