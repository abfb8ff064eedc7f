import Foundation

// libFuzzer target: the binary and XML plist readers, and the binary writer's round trip.
// Built by Scripts/fuzz.sh together with the KeyedArchive sources into one module.

private let fuzzLimits = ArchiveLimits(
    maxBytes: 1 << 20, maxObjectCount: 100_000, maxDepth: 64,
    maxCollectionCount: 100_000, maxStringOrDataLength: 1 << 20
)

@_cdecl("LLVMFuzzerTestOneInput")
public func plistFuzzerTestOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard let value = try? PropertyList(data: data, limits: fuzzLimits) else { return 0 }
    // Whatever reads must write and read back to the same value.
    let written = BinaryPlistWriter.write(value)
    guard let again = try? BinaryPlistReader.read(written, limits: ArchiveLimits()) else {
        fatalError("fuzz: a plist we read could not be read back after writing it")
    }
    guard plistEqualAllowingNaN(again, value) else { fatalError("fuzz: binary round trip changed the value") }
    _ = try? XMLPlistWriter.write(value)
    _ = value.jsonData(pretty: false)
    return 0
}

/// Equality where NaN equals NaN (the round trip must keep NaN, and NaN != NaN).
private func plistEqualAllowingNaN(_ a: PropertyList, _ b: PropertyList) -> Bool {
    switch (a, b) {
    case (.real(let x), .real(let y)): return x == y || (x.isNaN && y.isNaN)
    case (.float(let x), .float(let y)): return x == y || (x.isNaN && y.isNaN)
    case (.date(let x), .date(let y)):
        return x.timeIntervalSinceReferenceDate.bitPattern == y.timeIntervalSinceReferenceDate.bitPattern
    case (.array(let x), .array(let y)), (.set(let x), .set(let y)):
        return x.count == y.count && zip(x, y).allSatisfy(plistEqualAllowingNaN)
    case (.dictionary(let x), .dictionary(let y)):
        return x.count == y.count && x.allSatisfy { key, value in y[key].map { plistEqualAllowingNaN(value, $0) } ?? false }
    default: return a == b
    }
}
