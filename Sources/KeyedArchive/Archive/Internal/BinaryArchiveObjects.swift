import Foundation

/// The `$objects` of a binary keyed archive, read in place.
///
/// Only the top-level dictionary is looked at up front; each `$objects` entry is parsed when it
/// is first used, and a single field of an object dictionary can be read without building the
/// dictionary. This is what makes typed decoding several times faster than parsing the whole
/// plist first. Not `Sendable`: it belongs to one unarchiver.
final class BinaryArchiveObjects {
    private let storage: UnsafeMutableRawBufferPointer
    // The hot state of one unarchiver's decode, never shared with another task: exclusivity is
    // proven by the code (no access overlaps another), so the per-access runtime check is off.
    @exclusivity(unchecked) private var parser: BinaryPlistParser
    /// The binary-plist object number of each `$objects` entry, by UID.
    private let entryNumbers: [Int]
    @exclusivity(unchecked) private var entries: [PropertyList?]
    /// Scratch space for ``fields(_:of:)``, kept to avoid an allocation per object.
    @exclusivity(unchecked) private var numbers: [Int] = []
    /// The `$top` dictionary, or nil if missing.
    let top: PropertyList?
    /// The `$archiver` value, or nil if missing.
    let archiver: PropertyList?

    /// Reads the trailer and top-level dictionary of a binary plist.
    ///
    /// - Throws: ``ArchiveError`` for a corrupt plist or a missing or malformed `$objects`.
    init(data: Data, limits: ArchiveLimits) throws {
        guard data.count <= limits.maxBytes else {
            throw ArchiveError(.limitExceeded, "binary plist is \(data.count) bytes, more than the limit of \(limits.maxBytes)")
        }
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 8)
        data.withUnsafeBytes { storage.copyMemory(from: $0) }
        do {
            var parser = try BinaryPlistParser(bytes: UnsafeRawBufferPointer(rebasing: storage[0..<data.count]), limits: limits)
            let root = parser.trailer.topObject
            func value(_ key: String) throws -> Int? {
                switch try parser.dictionaryValue(root, forKey: key) {
                case .found(let number): return number
                case .missing: return nil
                case .notADictionary:
                    throw ArchiveError(.invalidArchive, "not a keyed archive: the plist's top object is not a dictionary")
                }
            }
            let top = try value("$top").map { try parser.object($0, depth: 1) }
            let archiver = try value("$archiver").map { try parser.object($0, depth: 1) }
            // Named as ``KeyedUnarchiver/claimsKeyedArchive(_:)`` names a parsed plist.
            let what = top != nil || archiver == .string("NSKeyedArchiver") ? "keyed archive" : "not a keyed archive"
            guard let objectsNumber = try value("$objects") else {
                throw ArchiveError(.invalidArchive, "\(what): $objects is missing")
            }
            guard let numbers = try parser.arrayReferences(objectsNumber) else {
                throw ArchiveError(.invalidArchive, "keyed archive: $objects is \(try parser.object(objectsNumber, depth: 1).typeNameWithArticle), not an array")
            }
            self.top = top
            self.archiver = archiver
            self.entryNumbers = numbers
            self.entries = Array(repeating: nil, count: numbers.count)
            self.parser = parser
            self.storage = storage
        } catch {
            storage.deallocate()
            throw error
        }
    }

    deinit {
        storage.deallocate()
    }

    /// The number of `$objects` entries.
    var count: Int { entryNumbers.count }

    /// The whole entry `uid`, parsed once. The caller checked `uid < count`.
    func entry(_ uid: Int) throws -> PropertyList {
        if let cached = entries[uid] { return cached }
        let value = try parser.object(entryNumbers[uid], depth: 1)
        switch value {
        case .string, .data, .dictionary, .array, .set: entries[uid] = value
        default: break // numbers, booleans and UIDs are cheaper to read again than to keep
        }
        return value
    }

    /// One field of object dictionary `uid`, without building the dictionary.
    ///
    /// Returns `.notADictionary` when the entry is a scalar or an array.
    func field(_ key: String, of uid: Int) throws -> FieldLookup {
        if let cached = entries[uid] {
            guard case .dictionary(let fields) = cached else { return .notADictionary }
            return fields[PropertyListKey(key)].map { .found($0) } ?? .missing
        }
        switch try parser.dictionaryValue(entryNumbers[uid], forKey: key) {
        case .found(let number): return .found(try parser.object(number, depth: 2))
        case .missing: return .missing
        case .notADictionary: return .notADictionary
        }
    }

    /// What ``fields(_:of:)`` reads of an object: the wanted values, the number of other fields
    /// besides `$class`, and `$class` itself.
    struct Fields {
        var values: [PropertyList?]
        var otherCount: Int
        var classValue: PropertyList?
    }

    /// The raw values of `keys` in object dictionary `uid` (nil where absent), the number of its
    /// other fields besides `$class`, and its `$class`, without building the dictionary; nil for
    /// an entry that is not a dictionary.
    func fields(_ keys: [String], of uid: Int) throws -> Fields? {
        if let cached = entries[uid] {
            guard case .dictionary(let fields) = cached else { return nil }
            return Self.fields(keys, in: fields)
        }
        guard let found = try parser.dictionaryValues(entryNumbers[uid], forKeys: keys, into: &numbers) else { return nil }
        var values = [PropertyList?]()
        values.reserveCapacity(numbers.count)
        for number in numbers { values.append(number < 0 ? nil : try parser.object(number, depth: 2)) }
        let classValue = found.classValue < 0 ? nil : try parser.object(found.classValue, depth: 2)
        return Fields(values: values, otherCount: found.otherCount, classValue: classValue)
    }

    /// ``fields(_:of:)`` for an object dictionary already built.
    static func fields(_ keys: [String], in fields: [PropertyListKey: PropertyList]) -> Fields {
        let values = keys.map { fields[PropertyListKey($0)] }
        let wanted = Set(keys.map { PropertyListKey($0) }).union(["$class"])
        return Fields(values: values, otherCount: fields.keys.count { !wanted.contains($0) }, classValue: fields["$class"])
    }
}

/// The outcome of reading one field of an archived object.
enum FieldLookup {
    /// The field's value: an inline scalar or a UID.
    case found(PropertyList)
    /// The object has no such field.
    case missing
    /// The entry is not an object dictionary.
    case notADictionary
}
