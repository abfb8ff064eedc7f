import Foundation
import KeyedArchive
import ScaryCreatures
import Testing
import TestSupport

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

    @Test("A Title holding a well-formed number, not text: the creature lists with an empty title, a new rating is saved with the number kept exactly as it was, and a rename replaces it")
    func wellFormedTitleOfAnotherTypeIsKept() async throws {
        try await withTemporaryFolder { root in
            let database = try await ScaryCreatureDatabase.open(at: root)
            _ = try await database.add(title: "Numbered", rating: 3)
            let url = root.appendingPathComponent("1.scarycreature/Data.plist")
            try setTitle(.integer(12), in: url)

            let reopened = try await ScaryCreatureDatabase.open(at: root)
            let (creatures, _) = try await reopened.list()
            #expect(creatures.map(\.data.title) == [""])
            _ = try await reopened.update(1, rating: 4)
            #expect(try titleAndRating(in: url).title == .integer(12))
            #expect(try await ScaryCreatureDatabase.open(at: root).list().creatures.map(\.data.rating) == [4])

            _ = try await reopened.rename(1, to: "Named again")
            #expect(try titleAndRating(in: url).title == .string("Named again"))
        }
    }

    /// Replaces the `Title` field of the data object in a `Data.plist`.
    private func setTitle(_ value: PropertyList, in url: URL) throws {
        guard case .dictionary(var top) = try PropertyList(data: Data(contentsOf: url)), case .array(var objects)? = top["$objects"],
              let index = objects.firstIndex(where: { if case .dictionary(let fields) = $0 { fields["Title"] != nil } else { false } }),
              case .dictionary(var fields) = objects[index] else { Issue.record("no Title in \(url.path)"); return }
        fields["Title"] = value
        objects[index] = .dictionary(fields)
        top["$objects"] = .array(objects)
        try PropertyList.dictionary(top).encoded(as: .binary).write(to: url)
    }

    /// The raw `Title` of the data object in a `Data.plist` (a UID is followed to its object).
    private func titleAndRating(in url: URL) throws -> (title: PropertyList?, rating: PropertyList?) {
        guard case .dictionary(let top) = try PropertyList(data: Data(contentsOf: url)), case .array(let objects)? = top["$objects"] else { return (nil, nil) }
        for case .dictionary(let fields) in objects where fields["Title"] != nil {
            func resolved(_ value: PropertyList?) -> PropertyList? {
                if case .uid(let uid)? = value, Int(uid) < objects.count { return objects[Int(uid)] }
                return value
            }
            return (resolved(fields["Title"]), resolved(fields["Rating"]))
        }
        return (nil, nil)
    }
}
