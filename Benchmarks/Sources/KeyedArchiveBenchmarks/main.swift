import BenchmarkSupport
import Foundation
import KeyedArchive
import KeyedArchiveSamples

// Keyed-archive benchmarks: our codec against Foundation's, side by side in one run.
// Usage, from the project folder: swift run --package-path Benchmarks -c release keyed-archive-benchmarks [--items N] [--iterations N]

var itemCount = 10_000
var iterations = 7
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--items": itemCount = Int(arguments.next() ?? "") ?? itemCount
    case "--iterations": iterations = Int(arguments.next() ?? "") ?? iterations
    default:
        FileHandle.standardError.write(Data("usage: keyed-archive-benchmarks [--items N] [--iterations N]\n".utf8))
        exit(64)
    }
}

let items = HomepwnerItem.sample(count: itemCount)
let foundationItems = NSMutableArray(array: items.map(FoundationItem.init))
let codableItems = items.map(CodableItem.init)

let ourArchive = try KeyedArchiver.archivedData(withRoot: items)
let foundationArchive = try NSKeyedArchiver.archivedData(withRootObject: foundationItems, requiringSecureCoding: true)
let plistEncoder = PropertyListEncoder()
plistEncoder.outputFormat = .binary
let codableArchive = try plistEncoder.encode(codableItems)
let parsedPlist = try BinaryPlistReader.read(foundationArchive)
let foundationPlist = try PropertyListSerialization.propertyList(from: foundationArchive, format: nil)

print("Keyed-archive benchmarks: \(itemCount) Homepwner items (5 keys each), median of \(iterations) interleaved runs")
print("archive sizes: ours \(ourArchive.count) B, NSKeyedArchiver \(foundationArchive.count) B, PropertyListEncoder \(codableArchive.count) B")
print("plist for parse/write: NSKeyedArchiver's output, \(foundationArchive.count) bytes")
print("")

var parse = Race("binary plist parse (\(foundationArchive.count / 1024) KiB)", iterations: iterations)
parse.add("BinaryPlistReader") { _ = try BinaryPlistReader.read(foundationArchive) }
parse.add("PropertyListSerialization") { _ = try PropertyListSerialization.propertyList(from: foundationArchive, format: nil) }
try await parse.report()

var write = Race("binary plist write", iterations: iterations)
write.add("BinaryPlistWriter") { _ = BinaryPlistWriter.write(parsedPlist) }
write.add("PropertyListSerialization") { _ = try PropertyListSerialization.data(fromPropertyList: foundationPlist, format: .binary, options: 0) }
try await write.report()

var archive = Race("archive \(itemCount) items", iterations: iterations)
archive.add("KeyedArchiver") { _ = try KeyedArchiver.archivedData(withRoot: items) }
archive.add("NSKeyedArchiver") { _ = try NSKeyedArchiver.archivedData(withRootObject: foundationItems, requiringSecureCoding: true) }
archive.add("PropertyListEncoder (binary)") { _ = try plistEncoder.encode(codableItems) }
try await archive.report()

var unarchive = Race("unarchive \(itemCount) items", iterations: iterations)
unarchive.add("KeyedUnarchiver") { _ = try KeyedUnarchiver.unarchive([HomepwnerItem].self, from: ourArchive) }
unarchive.add("NSKeyedUnarchiver") {
    _ = try NSKeyedUnarchiver.unarchivedObject(ofClasses: [NSArray.self, FoundationItem.self], from: foundationArchive)
}
unarchive.add("PropertyListDecoder") { _ = try PropertyListDecoder().decode([CodableItem].self, from: codableArchive) }
try await unarchive.report()
