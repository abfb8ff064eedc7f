import Foundation
import Testing
import KeyedArchive

/// Reads `data` every way a program might: plain plist, generic and typed unarchiving, printing.
/// Any outcome is fine except a trap, which would end the test run.
private func readEveryWay(_ data: Data) {
    if let plist = valueOrArchiveError({ try PropertyList(data: data) }) {
        _ = BinaryPlistWriter.write(plist)
    }
    guard let unarchiver = valueOrArchiveError({ try KeyedUnarchiver(data: data) }) else { return }
    for key in unarchiver.top.keys {
        valueOrArchiveError { try unarchiver.decode(ArchivedValue.self, forKey: key) }
        valueOrArchiveError { try unarchiver.decode(CreatureRecord.self, forKey: key) }
        valueOrArchiveError { try unarchiver.decode([String: String].self, forKey: key) }
        valueOrArchiveError { try unarchiver.decode([URL].self, forKey: key) }
    }
    valueOrArchiveError { try ArchiveGraphPrinter.render(unarchiver) }
}

/// A Scary Creatures `Data.plist` as our archiver writes it (about 280 bytes).
private func creatureArchive() throws -> Data {
    try KeyedArchiver.archivedData(withRoot: CreatureRecord(title: "Potato Bug", rating: 3.5))
}

@Suite("Corruption")
struct CorruptionTests {
    @Test("every single-byte corruption of small archives gives a value or an error", arguments: [
        "creature", "mw-custom-class-note.bin.plist", "kil-collections.bin.plist", "scf-complex-dict.bin.plist",
    ])
    func singleByteCorruptions(name: String) throws {
        let original = name == "creature" ? try creatureArchive() : try Fixtures.data(name)
        for offset in original.indices {
            let byte = original[offset]
            for replacement in Set([0x00, 0xFF, byte ^ 0x01, byte ^ 0x80, byte &+ 1]) where replacement != byte {
                var corrupt = original
                corrupt[offset] = replacement
                readEveryWay(corrupt)
            }
        }
    }

    @Test("every truncation of sample archives gives a value or an error", arguments: [
        "creature", "mw-custom-class-note.bin.plist", "kil-collections.xml.plist", "sd-ios-running-processes.bin.plist",
    ])
    func truncations(name: String) throws {
        let original = name == "creature" ? try creatureArchive() : try Fixtures.data(name)
        let step = original.count > 10_000 ? 97 : 1
        for length in stride(from: 0, to: original.count, by: step) {
            readEveryWay(original.prefix(length))
        }
        #expect(throws: ArchiveError.self) { try PropertyList(data: original.prefix(original.count / 2)) }
    }

    @Test("sampled corruptions of a large archive give a value or an error")
    func largeArchiveCorruptions() throws {
        let original = try Fixtures.data("sd-ios-running-processes.bin.plist")
        for offset in stride(from: 0, to: original.count, by: 53) {
            var corrupt = original
            corrupt[offset] ^= 0xA5
            readEveryWay(corrupt)
        }
    }

    @Test("nesting far past the depth limit is refused without overflowing the stack", arguments: PropertyListFormat.allCases)
    func deepNesting(format: PropertyListFormat) throws {
        // 1,000 levels: four times the default limit, and still shallow enough to build here.
        var value = PropertyList.array([])
        for _ in 0..<1_000 { value = .array([value]) }
        let data: Data
        if format == .binary {
            data = BinaryPlistWriter.write(value)
        } else {
            data = Data(("<plist>" + String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000) + "</plist>").utf8)
        }
        let error = try #require(throws: ArchiveError.self) { try PropertyList(data: data) }
        #expect(error.code == .limitExceeded)
    }

    @Test("a shared sub-tree repeated 2^30 times is refused by the element budget")
    func billionLaughs() throws {
        // Object 0 is an array of two references to object 1, which refers twice to 2, and so on.
        let levels = 30
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for level in 0..<levels {
            offsets.append(bytes.count)
            bytes += [0xA2, UInt8(level + 1), UInt8(level + 1)]
        }
        offsets.append(bytes.count)
        bytes += [0x09]
        let table = bytes.count
        bytes += offsets.map { UInt8($0) }
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + withUnsafeBytes(of: UInt64(levels + 1).bigEndian, Array.init)
            + withUnsafeBytes(of: UInt64(0).bigEndian, Array.init) + withUnsafeBytes(of: UInt64(table).bigEndian, Array.init)
        let error = try #require(throws: ArchiveError.self) { try PropertyList(data: Data(bytes)) }
        #expect(error.code == .limitExceeded)
    }

    @Test("hand-made hostile binary plists are corruptBinary errors naming what is wrong")
    func hostileBinary() throws {
        let valid = BinaryPlistWriter.write(.dictionary(["key": .array([.string("value")])]))
        func patched(_ change: (inout [UInt8]) -> Void) -> Data {
            var bytes = Array(valid)
            change(&bytes)
            return Data(bytes)
        }
        let trailer = valid.count - 32
        // Object 0 is the dictionary; its offset is the first entry of the offset table (one-byte
        // offsets in a plist this small), and its first key reference follows its marker.
        let dictionary = Int(valid[Int(valid[valid.count - 1])])
        let cases: [(String, Data)] = [
            ("huge object count", patched { $0[trailer + 8] = 0x7F }),
            ("top object out of range", patched { $0[trailer + 23] = 0x40 }),
            ("offset into the trailer", patched { $0[trailer - 1] = UInt8(trailer) }),
            ("dictionary key that refers to itself", patched { $0[dictionary + 1] = 0 }),
            ("unknown marker", patched { $0[8] = 0x70 }),
            ("short file", Data(valid.prefix(20))),
            ("wrong magic", patched { $0[0] = UInt8(ascii: "x") }),
        ]
        for (name, data) in cases {
            let error = try #require(throws: ArchiveError.self, "\(name)") { try BinaryPlistReader.read(data) }
            #expect([.corruptBinary, .limitExceeded].contains(error.code), "\(name): \(error.message)")
            #expect(error.message.contains("binary plist"), "\(name): \(error.message)")
        }
    }

    @Test("structural archive damage gives precise errors")
    func damagedArchives() throws {
        func archive(_ objects: [PropertyList], top: UInt32 = 1) -> Data {
            BinaryPlistWriter.write(.dictionary([
                "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100_000),
                "$top": .dictionary(["root": .uid(top)]), "$objects": .array(objects),
            ]))
        }
        let classString: PropertyList = .dictionary(["$classname": .string("NSArray"), "$classes": .array([.string("NSArray"), .string("NSObject")])])
        let selfContaining = archive([.string("$null"), .dictionary(["$class": .uid(2), "NS.objects": .array([.uid(1)])]), classString])
        let cycle = try #require(throws: ArchiveError.self) { try KeyedUnarchiver.unarchive([[String]].self, from: selfContaining) }
        #expect(cycle.code == .cycle)

        let dangling = archive([.string("$null"), .dictionary(["$class": .uid(2), "NS.objects": .array([.uid(99)])]), classString])
        let missing = try #require(throws: ArchiveError.self) { try KeyedUnarchiver.unarchive([String].self, from: dangling) }
        #expect(missing.code == .brokenReference)
        #expect(missing.isStructural)
        #expect(missing.message.contains("99"))

        let noNull = archive([.string("first"), .string("x")])
        #expect(throws: ArchiveError.self) { try KeyedUnarchiver(data: noNull) }
        let badTop = archive([.string("$null")], top: 5)
        #expect(throws: ArchiveError.self) { try KeyedUnarchiver(data: badTop) }
        let wrongArchiver = BinaryPlistWriter.write(.dictionary(["$archiver": .string("Other"), "$top": .dictionary([:]), "$objects": .array([.string("$null")])]))
        #expect(throws: ArchiveError.self) { try KeyedUnarchiver(data: wrongArchiver) }
        #expect(throws: ArchiveError.self) { try KeyedUnarchiver(data: BinaryPlistWriter.write(.array([]))) }
    }

    @Test("oversized inputs are refused by the byte, string and collection limits")
    func limits() throws {
        let big = BinaryPlistWriter.write(.array((0..<100).map { .integer($0) }))
        #expect(throws: ArchiveError.self) { try PropertyList(data: big, limits: ArchiveLimits(maxBytes: 100)) }
        #expect(throws: ArchiveError.self) { try PropertyList(data: big, limits: ArchiveLimits(maxCollectionCount: 50)) }
        #expect(throws: ArchiveError.self) { try PropertyList(data: big, limits: ArchiveLimits(maxObjectCount: 50)) }
        let long = BinaryPlistWriter.write(.string(String(repeating: "x", count: 1000)))
        #expect(throws: ArchiveError.self) { try PropertyList(data: long, limits: ArchiveLimits(maxStringOrDataLength: 999)) }
        #expect(try PropertyList(data: long, limits: ArchiveLimits(maxStringOrDataLength: 1000)) == .string(String(repeating: "x", count: 1000)))
    }
}
