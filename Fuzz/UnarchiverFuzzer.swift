import Foundation

// libFuzzer target: the keyed unarchiver, generic and typed decoding, on binary or XML input.
// Built by Scripts/fuzz.sh together with the KeyedArchive sources into one module.

private let fuzzLimits = ArchiveLimits(
    maxBytes: 1 << 20, maxObjectCount: 100_000, maxDepth: 64,
    maxCollectionCount: 100_000, maxStringOrDataLength: 1 << 20
)

/// A typed model like the apps' own, so the typed paths are fuzzed too.
private struct FuzzItem: Archivable {
    static let archiveClassName = "BNRItem"
    static let acceptedClassNames: Set<String> = ["ScaryCreatures.ScaryCreatureData", "ScaryBugData", "TestDummy", "Note"]
    func encode(with coder: inout ArchiveEncoder) {}
    init(from coder: ArchiveDecoder) throws {
        _ = try coder.decode(String.self, forKey: "itemName")
        _ = try coder.decode(Date.self, forKey: "dateCreated")
        _ = try coder.decode(Int.self, forKey: "valueInDollars")
        _ = try coder.decode(Float.self, forKey: "Rating")
        _ = try coder.decode(String.self, forKey: "Title")
        _ = try coder.decode([String].self, forKey: "arrayOfStrings")
        _ = try coder.decode([String: String].self, forKey: "dictionary")
        _ = try coder.decode(Set<String>.self, forKey: "set")
        _ = try coder.decode(URL.self, forKey: "url")
        _ = try coder.decode(UUID.self, forKey: "uuid")
        _ = coder.version
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func unarchiverFuzzerTestOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard let unarchiver = try? KeyedUnarchiver(data: data, limits: fuzzLimits) else { return 0 }
    for key in unarchiver.top.keys {
        _ = try? unarchiver.decode(ArchivedValue.self, forKey: key)
        _ = try? unarchiver.decode(FuzzItem.self, forKey: key)
        _ = try? unarchiver.decode([FuzzItem].self, forKey: key)
        _ = try? unarchiver.decode([String: URL].self, forKey: key)
        _ = try? unarchiver.decode(ArchivedOrderedSet<Int>.self, forKey: key)
    }
    _ = try? ArchiveGraphPrinter.render(unarchiver)
    return 0
}
