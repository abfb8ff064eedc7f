import Foundation

// libFuzzer target: the binary and XML plist readers, and the exact binary and JSON round trips.
// Built by Scripts/fuzz.sh together with the KeyedArchive sources into one module.

private let fuzzLimits = ArchiveLimits(
    maxBytes: 1 << 20, maxObjectCount: 100_000, maxDepth: 64,
    maxCollectionCount: 100_000, maxStringOrDataLength: 1 << 20, maxExpandedValues: 1_000_000
)

/// No bounds but depth: the JSON of a value already read within `fuzzLimits` may be larger.
private let unbounded = ArchiveLimits(maxBytes: .max, maxObjectCount: .max, maxCollectionCount: .max, maxStringOrDataLength: .max, maxExpandedValues: .max)

@_cdecl("LLVMFuzzerTestOneInput")
public func plistFuzzerTestOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard let value = try? PropertyList(data: data, limits: fuzzLimits) else { return 0 }
    // Whatever reads must write and read back to the same value.
    let written = BinaryPlistWriter.write(value)
    guard let again = try? BinaryPlistReader.read(written, limits: ArchiveLimits()) else {
        fatalError("fuzz: a plist we read could not be read back after writing it")
    }
    // `PropertyList` equality is exact (scalars, bit patterns, NaN equal to itself).
    guard again == value else { fatalError("fuzz: binary round trip changed the value") }
    _ = try? XMLPlistWriter.write(value)
    guard let json = try? PropertyList(json: value.jsonData(pretty: false), limits: unbounded), json == value else {
        fatalError("fuzz: the JSON form did not read back as the same value")
    }
    fuzzKeyPaths(value, text: String(decoding: data.suffix(48), as: UTF8.self))
    return 0
}

/// The key-path parser on the input's last bytes, and `get` and every edit at that path: an edit
/// that is made must leave the value at the path as asked, and setting the old value back must
/// give the plist back exactly.
private func fuzzKeyPaths(_ value: PropertyList, text: String) {
    guard let path = try? PropertyListKeyPath(parsing: text) else { return }
    guard (try? PropertyListKeyPath(parsing: path.description)) == path else { fatalError("fuzz: a key path did not print back to itself") }
    let marker = PropertyList.string("fuzz ✓")
    if let old = try? value.value(at: path) {
        guard let edited = try? value.editing(at: path, .set(marker)), (try? edited.value(at: path)) == marker else {
            fatalError("fuzz: set did not put the value at an existing path")
        }
        guard (try? edited.editing(at: path, .set(old))) == value else { fatalError("fuzz: setting the old value back changed the plist") }
    }
    _ = try? value.editing(at: path, .insert(marker))
    _ = try? value.editing(at: path, .remove)
    _ = try? value.editing(at: path, .append(marker))
}
