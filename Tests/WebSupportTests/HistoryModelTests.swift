import DocumentStore
import Foundation
import Testing
import WebSupport

@Suite("A document's history as its page shows it")
struct HistoryModelTests {
    @Test("no history, no section; changes newest first, in words, at most the last 20 of a longer history from elsewhere; an action from elsewhere is passed on, cut to 80 characters")
    func rows() throws {
        #expect(HistoryModel(records: nil, createdBy: nil, updatedBy: nil, label: { $0 }) == nil)
        #expect(HistoryModel(records: [], createdBy: nil, updatedBy: nil, label: { $0 }) == nil)
        let day = Date(timeIntervalSinceReferenceDate: 786_000_000)  // 2025-11-28 05:20 UTC
        var records = [ChangeRecord(date: day, person: "anna", action: ChangeRecord.created)]
        records += (1...30).map { ChangeRecord(date: day.addingTimeInterval(Double($0) * 60), person: nil, action: ChangeRecord.changed, fields: ["title"]) }
        records.append(ChangeRecord(date: day, person: "ben", action: ChangeRecord.changed, fields: ["valueInDollars", "location", "labels"]))
        records.append(ChangeRecord(date: .init(timeIntervalSinceReferenceDate: .nan), person: "cleo", action: String(repeating: "x", count: 100)))
        let model = try #require(HistoryModel(records: records, createdBy: "anna", updatedBy: "cleo", label: { $0 == "valueInDollars" ? "value" : $0 }, timeZone: .gmt))
        #expect(model.namesPeople)
        #expect(model.changes.count == 20)
        #expect(model.changes[0].who == "cleo" && model.changes[0].what == String(repeating: "x", count: 80))
        #expect(model.changes[0].whenText == "an unknown time" && model.changes[0].whenISO == "")
        #expect(model.changes[1].what == "changed the value, the location and the labels")
        #expect(model.changes[1].whenText == "28 Nov 2025, 05:20 GMT" && model.changes[1].whenISO == "2025-11-28T05:20:00Z")
        #expect(model.changes[2].who == "Someone without an account" && !model.changes[2].byPerson && model.changes[2].what == "changed the title")
        #expect(model.changes.allSatisfy { $0.what != "added it" }, "the oldest changes beyond 20 are left out")
        let added = try #require(HistoryModel(records: [records[0]], createdBy: "anna", updatedBy: "anna", label: { $0 }))
        #expect(added.changes.map(\.what) == ["added it"])
        let nameless = try #require(HistoryModel(records: [records[1]], createdBy: nil, updatedBy: nil, label: { $0 }))
        #expect(!nameless.namesPeople && nameless.changes.map(\.who) == ["Someone without an account"])
    }
}
