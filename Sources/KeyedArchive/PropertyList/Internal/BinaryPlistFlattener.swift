import Foundation

/// Turns a plist tree into the numbered object list of a binary plist, then into bytes.
struct BinaryPlistFlattener {
    /// One numbered object: a scalar value, or a container whose references are in `references`.
    private struct Entry {
        var scalar: PropertyList?
        var marker: UInt8
        var referenceStart: Int
        var referenceCount: Int
    }

    private var entries: [Entry] = []
    private var references: [Int] = []
    private var strings: [PropertyListKey: Int] = [:]
    private var uids: [UInt32: Int] = [:]
    private var integers: [Int64: Int] = [:]
    private var otherScalars: [PropertyList: Int] = [:]

    /// Numbers `value` and everything in it; returns its object number.
    mutating func flatten(_ value: PropertyList) -> Int {
        switch value {
        case .array(let elements):
            return container(marker: 0xA0, children: elements)
        case .set(let elements):
            return container(marker: 0xC0, children: elements)
        case .dictionary(let dictionary):
            let number = entries.count
            entries.append(Entry(scalar: nil, marker: 0xD0, referenceStart: 0, referenceCount: 0))
            var keyRefs = [Int]()
            var valueRefs = [Int]()
            keyRefs.reserveCapacity(dictionary.count)
            valueRefs.reserveCapacity(dictionary.count)
            for (key, child) in dictionary {
                keyRefs.append(string(key.string))
                valueRefs.append(flatten(child))
            }
            entries[number].referenceStart = references.count
            entries[number].referenceCount = dictionary.count
            references.append(contentsOf: keyRefs)
            references.append(contentsOf: valueRefs)
            return number
        case .string(let text):
            return string(text)
        case .uid(let uid):
            let candidate = entries.count
            let number = intern(uid, in: &uids, candidate: candidate)
            if number == candidate { entries.append(Entry(scalar: value, marker: 0, referenceStart: 0, referenceCount: 0)) }
            return number
        case .integer(let integer):
            let candidate = entries.count
            let number = intern(integer, in: &integers, candidate: candidate)
            if number == candidate { entries.append(Entry(scalar: value, marker: 0, referenceStart: 0, referenceCount: 0)) }
            return number
        default:
            if let existing = otherScalars[value] { return existing }
            let number = entries.count
            entries.append(Entry(scalar: value, marker: 0, referenceStart: 0, referenceCount: 0))
            otherScalars[value] = number
            return number
        }
    }

    /// Creates a flattener; `expectedObjects` sizes its tables to avoid rehashing.
    init(expectedObjects: Int = 0) {
        entries.reserveCapacity(expectedObjects)
        strings.reserveCapacity(expectedObjects / 2)
        uids.reserveCapacity(expectedObjects / 2)
    }

    private mutating func string(_ text: String) -> Int {
        let candidate = entries.count
        let number = intern(PropertyListKey(text), in: &strings, candidate: candidate)
        if number == candidate {
            entries.append(Entry(scalar: .string(text), marker: 0, referenceStart: 0, referenceCount: 0))
        }
        return number
    }

    /// Returns the number stored for `key`, storing `candidate` if there is none, hashing once.
    @inline(__always)
    private func intern<Key: Hashable>(_ key: Key, in table: inout [Key: Int], candidate: Int) -> Int {
        Self.update(&table[key, default: candidate])
    }

    @inline(__always)
    private static func update(_ slot: inout Int) -> Int { slot }

    private mutating func container(marker: UInt8, children: [PropertyList]) -> Int {
        let number = entries.count
        entries.append(Entry(scalar: nil, marker: marker, referenceStart: 0, referenceCount: children.count))
        var refs = [Int]()
        refs.reserveCapacity(children.count)
        for child in children { refs.append(flatten(child)) }
        entries[number].referenceStart = references.count
        references.append(contentsOf: refs)
        return number
    }

    // MARK: Serialisation

    func serialize() -> [UInt8] {
        let refSize = Self.byteWidth(UInt64(entries.count))
        var out = [UInt8]()
        out.reserveCapacity(64 + entries.count * 12 + references.count * refSize)
        out.append(contentsOf: Array("bplist00".utf8))
        var offsets = [Int]()
        offsets.reserveCapacity(entries.count)
        for entry in entries {
            offsets.append(out.count)
            if let scalar = entry.scalar {
                Self.append(scalar, to: &out)
                continue
            }
            Self.appendHeader(entry.marker, count: entry.referenceCount, to: &out)
            let total = entry.marker == 0xD0 ? entry.referenceCount * 2 : entry.referenceCount
            for index in entry.referenceStart..<(entry.referenceStart + total) {
                Self.appendUInt(UInt64(references[index]), size: refSize, to: &out)
            }
        }
        let tableOffset = out.count
        // CoreFoundation requires the offset width to be able to address the table itself.
        let offsetSize = Self.byteWidth(UInt64(tableOffset))
        for offset in offsets { Self.appendUInt(UInt64(offset), size: offsetSize, to: &out) }
        out.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)])
        Self.appendUInt(UInt64(entries.count), size: 8, to: &out)
        Self.appendUInt(0, size: 8, to: &out)
        Self.appendUInt(UInt64(tableOffset), size: 8, to: &out)
        return out
    }

    /// The smallest of 1, 2, 4 and 8 bytes that holds `value`.
    private static func byteWidth(_ value: UInt64) -> Int {
        if value <= 0xFF { return 1 }
        if value <= 0xFFFF { return 2 }
        if value <= 0xFFFF_FFFF { return 4 }
        return 8
    }

    private static func appendUInt(_ value: UInt64, size: Int, to out: inout [UInt8]) {
        var shift = (size - 1) * 8
        while shift >= 0 {
            out.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }

    private static func appendHeader(_ marker: UInt8, count: Int, to out: inout [UInt8]) {
        if count < 15 {
            out.append(marker | UInt8(count))
        } else {
            out.append(marker | 0x0F)
            appendInteger(Int64(count), to: &out)
        }
    }

    private static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 {
            out.append(0x13)
            appendUInt(UInt64(bitPattern: value), size: 8, to: &out)
            return
        }
        let width = byteWidth(UInt64(value))
        out.append(0x10 | UInt8(width.trailingZeroBitCount))
        appendUInt(UInt64(value), size: width, to: &out)
    }

    private static func append(_ scalar: PropertyList, to out: inout [UInt8]) {
        switch scalar {
        case .bool(let flag):
            out.append(flag ? 0x09 : 0x08)
        case .integer(let value):
            appendInteger(value, to: &out)
        case .unsignedInteger(let value):
            out.append(0x14)
            appendUInt(0, size: 8, to: &out)
            appendUInt(value, size: 8, to: &out)
        case .real(let value):
            out.append(0x23)
            appendUInt(value.bitPattern, size: 8, to: &out)
        case .float(let value):
            out.append(0x22)
            appendUInt(UInt64(value.bitPattern), size: 4, to: &out)
        case .date(let date):
            out.append(0x33)
            appendUInt(date.timeIntervalSinceReferenceDate.bitPattern, size: 8, to: &out)
        case .data(let bytes):
            appendHeader(0x40, count: bytes.count, to: &out)
            out.append(contentsOf: bytes)
        case .string(let text):
            appendString(text, to: &out)
        case .uid(let value):
            let width = value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : 4
            out.append(0x80 | UInt8(width - 1))
            appendUInt(UInt64(value), size: width, to: &out)
        case .array, .dictionary, .set:
            break // containers are written by serialize()
        }
    }

    private static func appendString(_ text: String, to out: inout [UInt8]) {
        var text = text
        let isASCII = text.withUTF8 { utf8 in
            for byte in utf8 where byte >= 0x80 { return false }
            appendHeader(0x50, count: utf8.count, to: &out)
            out.append(contentsOf: utf8)
            return true
        }
        if isASCII { return }
        let units = Array(text.utf16)
        appendHeader(0x60, count: units.count, to: &out)
        for unit in units {
            out.append(UInt8(unit >> 8))
            out.append(UInt8(unit & 0xFF))
        }
    }
}
