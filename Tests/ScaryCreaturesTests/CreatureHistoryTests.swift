import DocumentStore
import Foundation
import ImagingSamples
import KeyedArchive
@testable import ScaryCreatures
import Testing
import TestSupport

@Suite("A creature records who added it, who changed it last and its last changes")
struct CreatureHistoryTests {
    /// The history's records as "person action fields".
    static func summary(_ data: ScaryCreatureData) -> [String] {
        (data.history ?? []).map { "\($0.person ?? "-") \($0.action) \($0.fields.joined(separator: ","))" }
    }

    @Test("a person's add names them; title, rating and photo changes name their fields; a change that changes nothing is not recorded; a change without a person clears updatedBy; the listing summary and a reopened database give it all back", arguments: StorageKind.allCases)
    func changesAreRecorded(kind: StorageKind) async throws {
        try await withStoragePlace(kind) { place in
            let database = try await ScaryCreatureDatabase.open(storage: place.storage)
            let added = try await ChangeAuthor.$person.withValue("anna") { try await database.add(title: "Ghost", rating: 2) }
            #expect(added.data.createdBy == "anna" && added.data.updatedBy == "anna")
            #expect(Self.summary(added.data) == ["anna created "])
            let id = added.id
            let changed = try await ChangeAuthor.$person.withValue("ben") { try await database.update(id, title: "Grey ghost", rating: 4) }
            #expect(changed.data.updatedBy == "ben" && Self.summary(changed.data).last == "ben changed title,rating")
            let same = try await ChangeAuthor.$person.withValue("cleo") { try await database.update(id, title: "Grey ghost", rating: 4) }
            #expect(same.data.updatedBy == "ben" && Self.summary(same.data) == Self.summary(changed.data))
            try await ChangeAuthor.$person.withValue("cleo") { try await database.setImage(id, try SamplePhotos.png()) }
            var now = try await database.creature(id)
            #expect(now.data.updatedBy == "cleo" && Self.summary(now.data).last == "cleo changed photo")
            #expect(now.version != changed.version)
            try await database.removeImage(id)
            try await database.removeImage(id)  // no photo: nothing to record
            now = try await database.creature(id)
            #expect(now.data.updatedBy == nil && now.data.createdBy == "anna")
            #expect(Self.summary(now.data) == ["anna created ", "ben changed title,rating", "cleo changed photo", "- changed photo"])

            let reopened = try await ScaryCreatureDatabase.open(storage: place.storage)
            for listed in [try await reopened.list().creatures, try await reopened.list(fromSummary: true).creatures] {
                let data = try #require(listed.first { $0.id == id }).data
                #expect(data.createdBy == "anna" && data.updatedBy == nil)
                #expect(Self.summary(data) == Self.summary(now.data))
                #expect(data.history?.map(\.date) == now.data.history?.map(\.date))
            }
            #expect(try await reopened.creature(id).version == now.version)
        }
    }

    @Test("a creature no person has changed keeps no history: added and renamed without accounts, its Data.plist has only Title, Rating and Version")
    func withoutPeopleNothingIsRecorded() async throws {
        try await withTemporaryFolder { folder in
            let database = try await ScaryCreatureDatabase.open(at: folder)
            let added = try await database.add(title: "Ghost", rating: 2)
            let renamed = try await database.rename(added.id, to: "Grey ghost")
            #expect(renamed.data.createdBy == nil && renamed.data.updatedBy == nil && renamed.data.history == nil)
            let bytes = try Data(contentsOf: folder.appendingPathComponent("\(added.id).scarycreature/Data.plist"))
            guard case .dictionary(let plist) = try PropertyList(data: bytes), case .array(let objects)? = plist["$objects"] else {
                Issue.record("not a keyed archive")
                return
            }
            let fields = try #require(objects.lazy.compactMap { object -> [PropertyListKey: PropertyList]? in
                if case .dictionary(let fields) = object, fields["Title"] != nil { return fields } else { return nil }
            }.first)
            #expect(Set(fields.keys.map(\.string)) == ["Title", "Rating", "Version", "$class"])
        }
    }

    @Test("history keys of another type read as none and are kept as they were; the 2010 layout writes the history too")
    func historyKeysAreTotal() throws {
        var data = ScaryCreatureData(title: "Ghost", rating: 1)
        data.recordChange(ChangeRecord.created, by: "anna", at: Date(timeIntervalSinceReferenceDate: 5))
        for layout in [CreatureLayout.scaryCreatures, .scaryBugs] {
            let read = try CreatureLayout.decode(try layout.encode(data))
            #expect(read.createdBy == "anna" && read.updatedBy == "anna" && read.history == data.history)
        }
        let archiver = KeyedArchiver()
        var odd = ScaryCreatureData(title: "Ghost", rating: 1)
        odd.createdBy = "anna"
        archiver.encode(odd, forKey: "root")
        guard case .dictionary(var plist) = archiver.propertyList, case .array(var objects) = plist["$objects"],
              let index = objects.firstIndex(where: { if case .dictionary(let fields) = $0 { fields["Title"] != nil } else { false } }),
              case .dictionary(var fields) = objects[index] else { throw CocoaError(.coderReadCorrupt) }
        fields["History"] = .integer(3)
        objects[index] = .dictionary(fields)
        plist["$objects"] = .array(objects)
        let bytes = try PropertyList.dictionary(plist).encoded(as: .binary)
        let read = try CreatureLayout.decode(bytes)
        #expect(read.history == nil && read.createdBy == "anna")
        #expect(read.otherFields.keys == ["History"])
        let written = try CreatureLayout.decode(try CreatureLayout.scaryCreatures.encode(read))
        #expect(try written.otherFields.value(forKey: "History") == .integer(3))
    }
}
