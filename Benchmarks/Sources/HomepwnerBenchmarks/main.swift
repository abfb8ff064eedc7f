import BenchmarkSupport
import DocumentStore
import Foundation
import Homepwner
import KeyedArchive
import KeyedArchiveSamples

// Homepwner benchmarks: loading and saving items.archive with our codec and store against
// Foundation's NSKeyedArchiver/NSKeyedUnarchiver, side by side in one run; then concurrent edits
// through the store (group commit): edits per durable write.
// Usage, from the project folder: swift run --package-path Benchmarks -c release homepwner-benchmarks [--items N] [--iterations N] [--edits N]

var itemCount = 10_000
var iterations = 7
var concurrentEdits = 64
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--items": itemCount = Int(arguments.next() ?? "") ?? itemCount
    case "--iterations": iterations = Int(arguments.next() ?? "") ?? iterations
    case "--edits": concurrentEdits = Int(arguments.next() ?? "") ?? concurrentEdits
    default:
        FileHandle.standardError.write(Data("usage: homepwner-benchmarks [--items N] [--iterations N] [--edits N]\n".utf8))
        exit(64)
    }
}

let samples = HomepwnerItem.sample(count: itemCount)
let items = samples.map {
    Item(itemName: $0.itemName, serialNumber: $0.serialNumber, valueInDollars: $0.valueInDollars, dateCreated: $0.dateCreated, itemKey: $0.itemKey)
}
let archive = ItemArchive(items: items)
let foundationItems = NSMutableArray(array: samples.map(FoundationItem.init))

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("homepwner-benchmarks-\(getpid())", isDirectory: true)
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let archiveURL = folder.appendingPathComponent("items.archive")
let foundationURL = folder.appendingPathComponent("foundation.archive")
let ourBytes = try archive.encoded()
try ourBytes.write(to: archiveURL)

/// Foundation reading the same items.archive as the 2014 app would (BNRItem mapped to a class).
func foundationLoad(_ url: URL) throws -> Int {
    let data = try Data(contentsOf: url)
    let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
    unarchiver.setClass(FoundationItem.self, forClassName: "BNRItem")
    let root = unarchiver.decodeObject(of: [NSMutableArray.self, FoundationItem.self], forKey: "root") as? NSArray
    return root?.count ?? 0
}

guard try foundationLoad(archiveURL) == itemCount else {
    FileHandle.standardError.write(Data("Foundation could not read our items.archive\n".utf8))
    exit(1)
}
let foundationBytes = try NSKeyedArchiver.archivedData(withRootObject: foundationItems, requiringSecureCoding: true)

print("Homepwner benchmarks: items.archive with \(itemCount) items, median of \(iterations) interleaved runs")
print("archive sizes: ours \(ourBytes.count) B, NSKeyedArchiver \(foundationBytes.count) B; folder \(folder.path)")
print("")

var decode = Race("decode items.archive (bytes in memory)", iterations: iterations)
decode.add("ItemArchive.decode") { _ = try ItemArchive.decode(ourBytes) }
decode.add("KeyedUnarchiver, 5 fields, nothing kept") { _ = try KeyedUnarchiver.unarchive([HomepwnerItem].self, from: ourBytes) }
decode.add("NSKeyedUnarchiver") {
    let unarchiver = try NSKeyedUnarchiver(forReadingFrom: ourBytes)
    unarchiver.setClass(FoundationItem.self, forClassName: "BNRItem")
    _ = unarchiver.decodeObject(of: [NSMutableArray.self, FoundationItem.self], forKey: "root")
}
try await decode.report()

var load = Race("load items.archive from disk (open, read, decode)", iterations: iterations)
load.add("ItemStore.load") { try await ItemStore(storage: .folder(folder)).load() }
load.add("read + ItemArchive.decode, no store") { _ = try ItemArchive.decode(Data(contentsOf: archiveURL)) }
load.add("Data(contentsOf:) + NSKeyedUnarchiver") { _ = try foundationLoad(archiveURL) }
try await load.report()

var encode = Race("encode \(itemCount) items", iterations: iterations)
encode.add("ItemArchive.encoded") { _ = try archive.encoded() }
encode.add("NSKeyedArchiver") { _ = try NSKeyedArchiver.archivedData(withRootObject: foundationItems, requiringSecureCoding: true) }
try await encode.report()

// Every item with a maintenance log of three entries (model version 3): what a log costs to
// read and to write, against the same items without one.
let logged = ItemArchive(items: items.enumerated().map { index, plain in
    var item = plain
    let day = Date(timeIntervalSinceReferenceDate: 757_382_400 + Double(index % 365) * 86_400)
    item.maintenance = [
        MaintenanceEntry(date: day, note: "Inspected", cost: 40, nextDue: day.addingTimeInterval(180 * 86_400)),
        MaintenanceEntry(date: day.addingTimeInterval(180 * 86_400), note: "Serviced: filter and belt", cost: 120, nextDue: day.addingTimeInterval(365 * 86_400)),
        MaintenanceEntry(date: day.addingTimeInterval(365 * 86_400), note: "Inspected"),
    ]
    return item
})
let loggedBytes = try logged.encoded()
print("with a 3-entry maintenance log on every item: \(loggedBytes.count) B")
var logs = Race("maintenance logs: decode and encode \(itemCount) items, each with 3 entries, against none", iterations: iterations)
logs.add("decode, no logs") { _ = try ItemArchive.decode(ourBytes) }
logs.add("decode, 3 entries each") { _ = try ItemArchive.decode(loggedBytes) }
logs.add("encode, no logs") { _ = try archive.encoded() }
logs.add("encode, 3 entries each") { _ = try logged.encoded() }
try await logs.report()

// Every item with two fields of its own and every tenth archived (model version 4): what they
// cost to read and to write, and what the archive filter costs a search, against plain items.
let fielded = ItemArchive(items: items.enumerated().map { index, plain in
    var item = plain
    item.customFields = [CustomField(name: "Colour", value: "Walnut \(index % 17)"), CustomField(name: "Insurance policy", value: "HO-3 \(index)")]
    if index % 10 == 0 { item.archivedDate = Date(timeIntervalSinceReferenceDate: 788_918_400) }
    return item
})
let fieldedBytes = try fielded.encoded()
print("with 2 fields of its own on every item, every tenth archived: \(fieldedBytes.count) B")
let plainCatalog = ItemCatalog(items: archive.items), fieldedCatalog = ItemCatalog(items: fielded.items)
var fields = Race("own fields: decode, encode and search \(itemCount) items, each with 2 fields, against none", iterations: iterations)
fields.add("decode, no fields") { _ = try ItemArchive.decode(ourBytes) }
fields.add("decode, 2 fields each") { _ = try ItemArchive.decode(fieldedBytes) }
fields.add("encode, no fields") { _ = try archive.encoded() }
fields.add("encode, 2 fields each") { _ = try fielded.encoded() }
fields.add("search \"walnut\", no fields") { _ = plainCatalog.search(ItemQuery(text: "walnut", limit: 100)) }
fields.add("search \"walnut\", fields, archived hidden") { _ = fieldedCatalog.search(ItemQuery(text: "walnut", limit: 100)) }
try await fields.report()

// Who changed each item (model version 5): a household's 3 changes an item, and the worst
// case, the full 20, against the same items without a history.
func withHistory(_ count: Int) -> ItemArchive {
    ItemArchive(items: items.enumerated().map { index, plain in
        var item = plain
        let day = Date(timeIntervalSinceReferenceDate: 757_382_400 + Double(index % 365) * 86_400)
        item.recordChange(ChangeRecord.created, by: "anna", at: day)
        for change in 1..<count {
            item.recordChange(ChangeRecord.changed, fields: change % 2 == 0 ? ["valueInDollars"] : ["location", "notes"], by: change % 3 == 0 ? "ben" : "anna", at: day.addingTimeInterval(Double(change) * 3_600))
        }
        return item
    })
}
let (changedThrice, changedFully) = (withHistory(3), withHistory(ChangeHistory.limit))
let (thriceBytes, fullyBytes) = (try changedThrice.encoded(), try changedFully.encoded())
print("with a history of 3 changes on every item: \(thriceBytes.count) B; of \(ChangeHistory.limit): \(fullyBytes.count) B")
var histories = Race("who changed what: decode and encode \(itemCount) items with 3 and \(ChangeHistory.limit) changes each, against none", iterations: iterations)
histories.add("decode, no history") { _ = try ItemArchive.decode(ourBytes) }
histories.add("decode, 3 changes each") { _ = try ItemArchive.decode(thriceBytes) }
histories.add("decode, \(ChangeHistory.limit) changes each") { _ = try ItemArchive.decode(fullyBytes) }
histories.add("encode, no history") { _ = try archive.encoded() }
histories.add("encode, 3 changes each") { _ = try changedThrice.encoded() }
histories.add("encode, \(ChangeHistory.limit) changes each") { _ = try changedFully.encoded() }
try await histories.report()

let store = ItemStore(storage: .folder(folder))
try await store.load()
let firstKey = items[0].itemKey
var round = 0
var save = Race("save items.archive after one edit (encode + durable write: temp, fsync, rename, fsync dir)", iterations: iterations)
save.add("ItemStore.update") {
    round += 1
    try await store.update(firstKey, ItemChanges(valueInDollars: round))
}
save.add("NSKeyedArchiver + the same durable write") {
    let data = try NSKeyedArchiver.archivedData(withRootObject: foundationItems, requiringSecureCoding: true)
    try DurableFileWriter.system.write(data, to: foundationURL)
}
save.add("NSKeyedArchiver + Data.write(.atomic), no fsync") {
    let data = try NSKeyedArchiver.archivedData(withRootObject: foundationItems, requiringSecureCoding: true)
    try data.write(to: foundationURL, options: .atomic)
}
try await save.report()

// Group commit: N concurrent edits of different items through one store.
let savesBefore = await store.saveCount, changesBefore = await store.changeCount
let clock = ContinuousClock()
let start = clock.now
try await withThrowingTaskGroup(of: Void.self) { group in
    for index in 0..<concurrentEdits {
        let key = items[(index * 7919) % items.count].itemKey
        group.addTask { try await store.update(key, ItemChanges(valueInDollars: index)) }
    }
    try await group.waitForAll()
}
let elapsed = seconds(clock.now - start)
let saves = await store.saveCount - savesBefore, changes = await store.changeCount - changesBefore
print("group commit: \(changes) concurrent edits of \(itemCount) items in \(milliseconds(elapsed)): \(saves) durable writes, \(String(format: "%.1f", Double(changes) / Double(max(saves, 1)))) edits per write, \(String(format: "%.0f", Double(changes) / elapsed)) edits/s")
try await store.close()
