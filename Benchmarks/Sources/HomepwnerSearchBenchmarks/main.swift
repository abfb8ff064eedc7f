import BenchmarkSupport
import Foundation
import Homepwner

// Finding things in a Homepwner inventory of 10,000 items with details (locations, labels,
// models, notes), in process, side by side: our catalog (each item's text folded once, each
// order sorted once; ItemCatalog) against the straightforward Foundation way (each query runs
// localizedStandardContains over every field of every item), for each keystroke of a word typed
// into the search box, for filters, and for an order sorted the first time. `--write-inventory
// DIR` writes the same inventory as DIR/items.archive instead (for Scripts/homepwner-search-benchmark.py,
// which measures the server's pages and memory).
// Usage, from the project folder: swift run --package-path Benchmarks -c release homepwner-search-benchmarks [--items N] [--runs N] [--write-inventory DIR]

var count = 10_000
var runs = 9
var inventoryFolder: URL?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--items": count = Int(arguments.next() ?? "") ?? count
    case "--runs": runs = Int(arguments.next() ?? "") ?? runs
    case "--write-inventory": inventoryFolder = arguments.next().map { URL(fileURLWithPath: $0) }
    default:
        FileHandle.standardError.write(Data("usage: homepwner-search-benchmarks [--items N] [--runs N] [--write-inventory DIR]\n".utf8))
        exit(64)
    }
}

let items = SampleInventory.items(count: count)
if let inventoryFolder {
    try FileManager.default.createDirectory(at: inventoryFolder, withIntermediateDirectories: true)
    let file = inventoryFolder.appendingPathComponent("items.archive")
    try ItemArchive(items: items).encoded().write(to: file)
    print("wrote \(count) items to \(file.path)")
    exit(0)
}

/// The Foundation way: every field of every item, `localizedStandardContains` for each word.
func foundationSearch(_ text: String, limit: Int) -> [Item] {
    let words = text.split(separator: " ").map(String.init)
    var found: [Item] = []
    for item in items {
        let fields = [item.itemName, item.serialNumber, item.modelName ?? "", item.manufacturer ?? "", item.notes ?? "", item.location ?? ""] + (item.labels ?? [])
        if words.allSatisfy({ word in fields.contains { $0.localizedStandardContains(word) } }) {
            found.append(item)
            if found.count == limit { break }
        }
    }
    return found
}

// Import: the 10,000 items' own export read back (a round trip must change nothing), and the same
// file planned against an empty inventory (10,000 additions), then applied by a store in a
// temporary folder (one durable write).
let exported = ItemCSV.data(items, byteOrderMark: true)
let roundTrip = try ItemImportPlan.plan(try CSVTable(exported), against: items)
guard roundTrip.unchangedCount == count, roundTrip.changes.isEmpty, roundTrip.additions.isEmpty, roundTrip.refusals.isEmpty else {
    FileHandle.standardError.write(Data("the round trip changed something: \(roundTrip.changes.count) changes, \(roundTrip.additions.count) additions, \(roundTrip.refusals.count) refusals\n".utf8))
    exit(1)
}
print("import: a \(exported.count)-byte CSV of \(count) items; exported and imported back, it changes nothing (\(roundTrip.unchangedCount) rows unchanged)")
let clock = ContinuousClock()
var importTimes: [(read: Duration, plan: Duration, apply: Duration)] = []
for _ in 0..<3 {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("homepwner-import-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = ItemStore(storage: .folder(folder))
    let start = clock.now
    let table = try CSVTable(exported)
    let read = clock.now
    let plan = try ItemImportPlan.plan(table, against: try await store.items())
    let planned = clock.now
    let result = try await store.applyImport(plan)
    let applied = clock.now
    try await store.close()
    guard result.added.count == count else { exit(1) }
    importTimes.append((read - start, planned - read, applied - planned))
}
let median = importTimes.sorted { $0.read + $0.plan + $0.apply < $1.read + $1.plan + $1.apply }[1]
print("import of \(count) rows into an empty inventory (median of 3): read \(median.read), planned \(median.plan), applied in one durable write \(median.apply)")

let typed = ["c", "ca", "cam", "came", "camer", "camera"]
let catalog = ItemCatalog(items: items)
// The same matches both ways, or the race means nothing.
for text in typed + ["ÉCLAIR", "garage drill"] {
    let ours = catalog.search(ItemQuery(text: text, limit: 100)).items.map(\.itemKey)
    let theirs = foundationSearch(text, limit: 100).map(\.itemKey)
    guard ours == theirs else {
        FileHandle.standardError.write(Data("the two searches disagree on \"\(text)\": \(ours.count) against \(theirs.count)\n".utf8))
        exit(1)
    }
}

var race = Race("find things among \(count) items, the first page of 100 (in process)", iterations: runs)
race.add("ours: the 6 keystrokes of \"camera\"") { for text in typed { _ = catalog.search(ItemQuery(text: text, limit: 100)) } }
race.add("Foundation: the 6 keystrokes of \"camera\"") { for text in typed { _ = foundationSearch(text, limit: 100) } }
race.add("ours: one search, no match (every item read)") { _ = catalog.search(ItemQuery(text: "zebra", limit: 100)) }
race.add("Foundation: one search, no match") { _ = foundationSearch("zebra", limit: 100) }
race.add("ours: location and label, by value") {
    _ = catalog.search(ItemQuery(location: "House › Garage", label: "tools", order: ItemOrder(field: .value, descending: true), limit: 100))
}
race.add("ours: catalog built (after any change)") { _ = ItemCatalog(items: items) }
race.add("ours: sorted by name the first time") { _ = ItemCatalog(items: items).search(ItemQuery(order: ItemOrder(field: .name), limit: 100)) }
race.add("ours: sorted by name, kept") { _ = catalog.search(ItemQuery(order: ItemOrder(field: .name), limit: 100)) }
print("homepwner search benchmark: median of \(runs) interleaved runs")
let results = try await race.run()
print(race.name)
for result in results {
    print("  \(result.name.padding(toLength: 48, withPad: " ", startingAt: 0)) \(milliseconds(result.median))")
}
let time = Dictionary(uniqueKeysWithValues: results.map { ($0.name, $0.median) })
func ratio(_ slower: String, _ faster: String) -> String {
    String(format: "%.1f×", (time[slower] ?? 0) / max(time[faster] ?? 1, 1e-9))
}
print("ratios: typing \"camera\": Foundation / ours \(ratio("Foundation: the 6 keystrokes of \"camera\"", "ours: the 6 keystrokes of \"camera\"")); "
    + "no match: Foundation / ours \(ratio("Foundation: one search, no match", "ours: one search, no match (every item read)"))")
