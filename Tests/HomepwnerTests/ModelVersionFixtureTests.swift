import DocumentStore
import Foundation
@testable import Homepwner
import KeyedArchive
import KeyedArchiveSamples
import Testing
import TestSupport

/// The model version Foundation reads from an items.archive's `$top` (nil when none is recorded).
func foundationModelVersion(_ data: Data) throws -> Int? {
    let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
    unarchiver.requiresSecureCoding = false
    guard unarchiver.containsValue(forKey: "modelVersion") else { return nil }
    return (unarchiver.decodeObject(forKey: "modelVersion") as? NSNumber)?.intValue
}

@Suite("Each model version's items.archive fixture: what it holds, its migration step, Foundation both ways")
struct ModelVersionFixtureTests {
    @Test("the model versions are 1 (2014), 2 (details), 3 (maintenance logs), 4 (custom fields and the archive) and 5 (who changed an item), with a step between each two")
    func history() {
        let versions = ItemArchive.modelVersions
        #expect(versions.current == 5)
        #expect(versions.steps.map(\.name) == ["itemDetails", "maintenanceLog", "customFieldsAndArchive", "changeHistory"])
        #expect(versions.steps.map(\.from) == [1, 2, 3, 4])
        #expect(versions.steps.map(\.to) == [2, 3, 4, 5])
    }

    @Test("the checked-in fixtures hold what their makers make (HOMEPWNER_WRITE_FIXTURES=1 writes them again)")
    func fixturesAreWhatTheMakersMake() throws {
        if ProcessInfo.processInfo.environment["HOMEPWNER_WRITE_FIXTURES"] == "1" {
            let folder = ModelVersionFixtures.sourceFolder
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try ModelVersionFixtures.makeV1().write(to: folder.appendingPathComponent("items-v1.archive"))
            try ModelVersionFixtures.makeV2().write(to: folder.appendingPathComponent("items-v2.archive"))
            try ModelVersionFixtures.makeV3().write(to: folder.appendingPathComponent("items-v3.archive"))
            try ModelVersionFixtures.makeV4().write(to: folder.appendingPathComponent("items-v4.archive"))
            try ModelVersionFixtures.makeV5().write(to: folder.appendingPathComponent("items-v5.archive"))
            try ModelVersionFixtures.makeV9().write(to: folder.appendingPathComponent("items-v9.archive"))
        }
        // Foundation's own output is not byte-stable (its dictionaries' order), so compare contents.
        for (version, made) in [(1, try ModelVersionFixtures.makeV1()), (2, try ModelVersionFixtures.makeV2()), (3, try ModelVersionFixtures.makeV3()), (4, try ModelVersionFixtures.makeV4()), (5, try ModelVersionFixtures.makeV5()), (9, try ModelVersionFixtures.makeV9())] {
            let fixture = try ItemArchive.decode(try ModelVersionFixtures.data(version: version))
            let fresh = try ItemArchive.decode(made)
            #expect(fixture == fresh, "items-v\(version).archive")
            #expect(fixture.modelVersion == version)
        }
    }

    @Test("version 1 (the 2014 app's file, no version recorded) reads as version 1 with every item's five fields exact and nothing else")
    func versionOneReads() throws {
        let archive = try ItemArchive.decode(try ModelVersionFixtures.data(version: 1))
        #expect(archive.modelVersion == 1)
        ModelVersionFixtures.expectFiveFields(archive.items.map(\.fiveFields))
        #expect(archive.items.allSatisfy { !$0.hasDetails && $0.otherFields.isEmpty && $0.unreadableFields.isEmpty })
        #expect(try foundationModelVersion(try ModelVersionFixtures.data(version: 1)) == nil)
    }

    @Test("step itemDetails (1 → 2) on the version 1 fixture keeps every item exactly; written, the file records the current version and Foundation's 2014 BNRItem still reads every item")
    func stepOneToTwo() throws {
        let old = try ItemArchive.decode(try ModelVersionFixtures.data(version: 1))
        var upgraded = old
        try ItemArchive.itemDetails.apply(to: &upgraded)
        #expect(upgraded == old)
        #expect(try ItemArchive.modelVersions.upgrade(old, from: 1) == old)
        let written = try upgraded.encoded()
        #expect(try ItemArchive.decode(written).modelVersion == ItemArchive.modelVersions.current)
        #expect(try foundationModelVersion(written) == ItemArchive.modelVersions.current)
        ModelVersionFixtures.expectFiveFields(try foundationReadItems(written).map(\.fiveFields))
    }

    @Test("version 2 reads as version 2 with the details; Foundation's 2014 BNRItem reads every item's five fields, and a newer app's class every detail")
    func versionTwoBothWays() throws {
        let data = try ModelVersionFixtures.data(version: 2)
        let archive = try ItemArchive.decode(data)
        #expect(archive.modelVersion == 2)
        #expect(archive.items == ModelVersionFixtures.modelItems)
        ModelVersionFixtures.expectFiveFields(try foundationReadItems(data).map(\.fiveFields))
        #expect(try foundationReadRicherItems(data) == ModelVersionFixtures.modelItems)
        #expect(try foundationModelVersion(data) == 2)
        // Written by Foundation at version 2 (an NSNumber beside root): it reads here as version 2.
        let byFoundation = try foundationArchive(ModelVersionFixtures.modelItems.map(FoundationRicherItem.init), renaming: "FoundationRicherItem", modelVersion: 2)
        let read = try ItemArchive.decode(byFoundation)
        #expect(read.modelVersion == 2)
        #expect(read.items == ModelVersionFixtures.modelItems)
    }

    @Test("step maintenanceLog (2 → 3) on the version 2 fixture keeps every item exactly; written, the file records version 3 and Foundation's 2014 BNRItem and a richer class still read every item")
    func stepTwoToThree() throws {
        let old = try ItemArchive.decode(try ModelVersionFixtures.data(version: 2))
        var upgraded = old
        try ItemArchive.maintenanceLog.apply(to: &upgraded)
        #expect(upgraded == old)
        #expect(try ItemArchive.modelVersions.upgrade(old, from: 2) == old)
        let written = try upgraded.encoded()
        #expect(try ItemArchive.decode(written).modelVersion == ItemArchive.modelVersions.current)
        #expect(try foundationModelVersion(written) == ItemArchive.modelVersions.current)
        ModelVersionFixtures.expectFiveFields(try foundationReadItems(written).map(\.fiveFields))
        #expect(try foundationReadRicherItems(written) == ModelVersionFixtures.modelItems)
    }

    @Test("version 3 reads as version 3 with the maintenance log to the bit; Foundation's 2014 BNRItem reads every item's five fields and a newer app's classes every detail and entry; Foundation's archive reads here alike")
    func versionThreeBothWays() throws {
        let data = try ModelVersionFixtures.data(version: 3)
        let archive = try ItemArchive.decode(data)
        #expect(archive.modelVersion == 3)
        #expect(ItemArchive.modelVersions.status(of: archive.modelVersion) == .older)
        #expect(archive.items == ModelVersionFixtures.modelItemsV3)
        #expect(sameDetails(archive.items[0], ModelVersionFixtures.modelItemsV3[0]))
        ModelVersionFixtures.expectFiveFields(try foundationReadItems(data).map(\.fiveFields))
        #expect(try foundationReadRicherItems(data) == ModelVersionFixtures.modelItemsV3)
        #expect(try foundationModelVersion(data) == 3)
        // Written by Foundation at version 3, the log's entries of their own class: read here alike.
        let byFoundation = try foundationArchive(ModelVersionFixtures.modelItemsV3.map(FoundationRicherItem.init), renaming: "FoundationRicherItem", modelVersion: 3)
        let read = try ItemArchive.decode(byFoundation)
        #expect(read.modelVersion == 3)
        #expect(read.items == ModelVersionFixtures.modelItemsV3)
    }

    @Test("step customFieldsAndArchive (3 → 4) on the version 3 fixture keeps every item exactly; written, the file records the current version and Foundation's 2014 BNRItem and a richer class still read every item")
    func stepThreeToFour() throws {
        let old = try ItemArchive.decode(try ModelVersionFixtures.data(version: 3))
        var upgraded = old
        try ItemArchive.customFieldsAndArchive.apply(to: &upgraded)
        #expect(upgraded == old)
        #expect(try ItemArchive.modelVersions.upgrade(old, from: 3) == old)
        let written = try upgraded.encoded()
        #expect(try ItemArchive.decode(written).modelVersion == ItemArchive.modelVersions.current)
        #expect(try foundationModelVersion(written) == ItemArchive.modelVersions.current)
        ModelVersionFixtures.expectFiveFields(try foundationReadItems(written).map(\.fiveFields))
        #expect(try foundationReadRicherItems(written) == ModelVersionFixtures.modelItemsV3)
    }

    @Test("version 4 reads as version 4 with the custom fields in order and the archive day to the bit; Foundation's 2014 BNRItem reads every item's five fields and a newer app's classes every field; Foundation's archive reads here alike")
    func versionFourBothWays() throws {
        let data = try ModelVersionFixtures.data(version: 4)
        let archive = try ItemArchive.decode(data)
        #expect(archive.modelVersion == 4)
        #expect(ItemArchive.modelVersions.status(of: archive.modelVersion) == .older)
        #expect(archive.items == ModelVersionFixtures.modelItemsV4)
        #expect(archive.items[0].customFields?.map(\.name) == ["Colour", "Insurance policy"])
        #expect(archive.items[2].archivedDate?.timeIntervalSinceReferenceDate.bitPattern == ModelVersionFixtures.archivedDate.timeIntervalSinceReferenceDate.bitPattern)
        ModelVersionFixtures.expectFiveFields(try foundationReadItems(data).map(\.fiveFields))
        #expect(try foundationReadRicherItems(data) == ModelVersionFixtures.modelItemsV4)
        #expect(try foundationModelVersion(data) == 4)
        let byFoundation = try foundationArchive(ModelVersionFixtures.modelItemsV4.map(FoundationRicherItem.init), renaming: "FoundationRicherItem", modelVersion: 4)
        let read = try ItemArchive.decode(byFoundation)
        #expect(read.modelVersion == 4)
        #expect(read.items == ModelVersionFixtures.modelItemsV4)
    }

    @Test("step changeHistory (4 → 5) on the version 4 fixture keeps every item exactly; written, the file records version 5 and Foundation's 2014 BNRItem and a richer class still read every item")
    func stepFourToFive() throws {
        let old = try ItemArchive.decode(try ModelVersionFixtures.data(version: 4))
        var upgraded = old
        try ItemArchive.changeHistory.apply(to: &upgraded)
        #expect(upgraded == old)
        #expect(try ItemArchive.modelVersions.upgrade(old, from: 4) == old)
        let written = try upgraded.encoded()
        #expect(try ItemArchive.decode(written).modelVersion == 5)
        #expect(try foundationModelVersion(written) == 5)
        ModelVersionFixtures.expectFiveFields(try foundationReadItems(written).map(\.fiveFields))
        #expect(try foundationReadRicherItems(written) == ModelVersionFixtures.modelItemsV4)
    }

    @Test("version 5 reads as version 5 with who added and changed the first item and its history to the bit; Foundation's 2014 BNRItem reads every item's five fields and a newer app's classes every record; Foundation's archive reads here alike")
    func versionFiveBothWays() throws {
        let data = try ModelVersionFixtures.data(version: 5)
        let archive = try ItemArchive.decode(data)
        #expect(archive.modelVersion == 5)
        #expect(ItemArchive.modelVersions.status(of: archive.modelVersion) == .current)
        #expect(archive.items == ModelVersionFixtures.modelItemsV5)
        #expect(sameDetails(archive.items[0], ModelVersionFixtures.modelItemsV5[0]))
        #expect(archive.items[0].history?.map(\.person) == ["alice", nil, "Bøb"])
        #expect(archive.items[1].history == nil && archive.items[1].createdBy == nil)
        ModelVersionFixtures.expectFiveFields(try foundationReadItems(data).map(\.fiveFields))
        #expect(try foundationReadRicherItems(data) == ModelVersionFixtures.modelItemsV5)
        #expect(try foundationModelVersion(data) == 5)
        let byFoundation = try foundationArchive(ModelVersionFixtures.modelItemsV5.map(FoundationRicherItem.init), renaming: "FoundationRicherItem", modelVersion: 5)
        let read = try ItemArchive.decode(byFoundation)
        #expect(read.modelVersion == 5)
        #expect(read.items == ModelVersionFixtures.modelItemsV5)
    }

    @Test("version 9 (newer) reads as version 9 with its unknown key kept in otherFields and written back as it was; Foundation reads every item's five fields")
    func newerVersionBothWays() throws {
        let data = try ModelVersionFixtures.data(version: 9)
        let archive = try ItemArchive.decode(data)
        #expect(archive.modelVersion == 9)
        #expect(ItemArchive.modelVersions.status(of: archive.modelVersion) == .newer)
        ModelVersionFixtures.expectFiveFields(archive.items.map(\.fiveFields))
        for item in archive.items {
            #expect(item.otherFields.keys == ["condition"])
            #expect(try item.otherFields.value(forKey: "condition") == .string("like new"))
        }
        #expect(archive.items[0].maintenance == ModelVersionFixtures.maintenance)
        ModelVersionFixtures.expectFiveFields(try foundationReadItems(data).map(\.fiveFields))
        #expect(try foundationModelVersion(data) == 9)
        // Written by Foundation at version 9: read here as version 9.
        let byFoundation = try foundationArchive(ModelVersionFixtures.items.map(FoundationItem.init), renaming: "FoundationItem", modelVersion: 9)
        #expect(try ItemArchive.decode(byFoundation).modelVersion == 9)
    }

    @Test("a modelVersion that is not a positive whole number makes the archive unreadable, never a guess", arguments: [PropertyList.integer(0), .integer(-2), .string("2"), .real(2.5)])
    func badVersion(_ value: PropertyList) throws {
        guard case .dictionary(var root) = try PropertyList(data: try ModelVersionFixtures.data(version: 2)),
              case .dictionary(let top) = root["$top"], case .array(var objects) = root["$objects"],
              case .uid(let version) = top["modelVersion"] else { Issue.record("fixture has no modelVersion"); return }
        objects[Int(version)] = value
        root["$objects"] = .array(objects)
        let data = try PropertyList.dictionary(root).encoded(as: .binary)
        #expect(throws: ArchiveError.self) { try ItemArchive.decode(data) }
    }

    @Test("the direct writer and the generic archiver record the version the same way: $top root then modelVersion, equal plists")
    func writersAgree() throws {
        let archive = ItemArchive(items: ModelVersionFixtures.modelItemsV3)
        let direct = try PropertyList(data: ItemArchiveWriter.write(archive))
        let generic = try PropertyList(data: archive.encodedByArchiver())
        #expect(direct == generic)
        guard case .dictionary(let root) = direct, case .dictionary(let top) = root["$top"] else { Issue.record("no $top"); return }
        #expect(Set(top.keys.map(\.string)) == ["root", "modelVersion"])
    }
}
