import Foundation

/// The state of one binary plist parse: the bytes, the trailer, and what has been decoded.
struct BinaryPlistParser {
    let bytes: UnsafeRawBufferPointer
    let trailer: BinaryPlistTrailer
    let limits: ArchiveLimits
    /// Dictionary keys already decoded, by object number: Apple shares key strings across a file.
    private var keys: [PropertyListKey?]
    /// Containers being decoded right now, to reject an object that contains itself.
    private var inProgress: [Bool]
    /// Container elements visited so far, bounded so a shared sub-tree cannot blow up.
    private var elementsVisited = 0

    init(bytes: UnsafeRawBufferPointer, limits: ArchiveLimits) throws {
        self.bytes = bytes
        self.limits = limits
        self.trailer = try BinaryPlistTrailer(bytes: bytes, limits: limits)
        self.keys = Array(repeating: nil, count: trailer.objectCount)
        self.inProgress = Array(repeating: false, count: trailer.objectCount)
    }

    mutating func parseRoot() throws -> PropertyList {
        try object(trailer.topObject, depth: 0)
    }

    // MARK: Primitive reads

    /// Reads a big-endian unsigned integer of `size` bytes at `offset`; the caller checked bounds.
    @inline(__always)
    func uint(at offset: Int, size: Int) -> UInt64 {
        switch size {
        case 1: return UInt64(bytes[offset])
        case 2: return UInt64(UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
        case 4: return UInt64(UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        case 8: return UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        default:
            var value: UInt64 = 0
            for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
            return value
        }
    }

    /// Where object `number` starts, checked to lie in the object area.
    func offset(ofObject number: Int) throws -> Int {
        let entry = trailer.offsetTableOffset + number * trailer.offsetIntSize
        let value = uint(at: entry, size: trailer.offsetIntSize)
        guard value >= 8, value < UInt64(trailer.offsetTableOffset) else {
            throw ArchiveError(.corruptBinary, "binary plist: object \(number) has offset \(value), outside the object area 8..<\(trailer.offsetTableOffset)", offset: entry, object: number)
        }
        return Int(value)
    }

    /// Checks that `count` bytes starting at `start` lie inside the object area.
    func require(_ count: Int, at start: Int, object number: Int, what: String) throws {
        guard count >= 0, start <= trailer.offsetTableOffset, count <= trailer.offsetTableOffset - start else {
            throw ArchiveError(.corruptBinary, "binary plist: \(what) of object \(number) at byte \(start) needs \(count) bytes, past the end of the object area (\(trailer.offsetTableOffset))", offset: start, object: number)
        }
    }

    /// Reads the element count of a marker: the low nibble, or a following integer object if 0xF.
    /// Returns the count and the offset of the first payload byte.
    func count(marker: UInt8, at offset: Int, object number: Int) throws -> (Int, Int) {
        let nibble = Int(marker & 0x0F)
        if nibble != 0x0F { return (nibble, offset + 1) }
        try require(2, at: offset + 1, object: number, what: "length")
        let intMarker = bytes[offset + 1]
        guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 3 else {
            throw ArchiveError(.corruptBinary, String(format: "binary plist: object %d has a length marker 0x%02X at byte %d that is not a 1-, 2-, 4- or 8-byte integer", number, intMarker, offset + 1), offset: offset + 1, object: number)
        }
        let size = 1 << Int(intMarker & 0x0F)
        try require(size, at: offset + 2, object: number, what: "length")
        let value = uint(at: offset + 2, size: size)
        guard value <= UInt64(Int32.max) else {
            throw ArchiveError(.corruptBinary, "binary plist: object \(number) declares a length of \(value)", offset: offset + 2, object: number)
        }
        return (Int(value), offset + 2 + size)
    }

    // MARK: Objects

    mutating func object(_ number: Int, depth: Int) throws -> PropertyList {
        guard depth <= limits.maxDepth else {
            throw ArchiveError(.limitExceeded, "binary plist: nesting deeper than \(limits.maxDepth) at object \(number)", object: number)
        }
        let start = try offset(ofObject: number)
        let marker = bytes[start]
        switch marker >> 4 {
        case 0xA, 0xC, 0xD:
            guard !inProgress[number] else {
                throw ArchiveError(.corruptBinary, "binary plist: object \(number) contains itself", offset: start, object: number)
            }
            inProgress[number] = true
            defer { inProgress[number] = false }
            return try container(marker: marker, at: start, object: number, depth: depth)
        case 0x4, 0x5, 0x6:
            // A long string or data value shared many times expands the output as much as many
            // values do: it counts once per 64 bytes against the expansion ceiling.
            let value = try scalar(marker: marker, at: start, object: number)
            switch value {
            case .string(let text): elementsVisited += text.utf8.count / 64
            case .data(let bytes): elementsVisited += bytes.count / 64
            default: break
            }
            guard elementsVisited <= limits.maxExpandedValues else {
                throw ArchiveError(.limitExceeded, "binary plist: more than \(limits.maxExpandedValues) values in all (shared objects count each time they are used, long strings and data once per 64 bytes); the file expands past the limit on expanded values", offset: start, object: number)
            }
            return value
        default:
            return try scalar(marker: marker, at: start, object: number)
        }
    }

    private func scalar(marker: UInt8, at start: Int, object number: Int) throws -> PropertyList {
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: throw unsupported(marker, at: start, object: number)
            }
        case 0x1:
            return try integer(marker: marker, at: start, object: number)
        case 0x2:
            switch marker & 0x0F {
            case 2:
                try require(4, at: start + 1, object: number, what: "real")
                return .float(Float(bitPattern: UInt32(uint(at: start + 1, size: 4))))
            case 3:
                try require(8, at: start + 1, object: number, what: "real")
                return .real(Double(bitPattern: uint(at: start + 1, size: 8)))
            default: throw unsupported(marker, at: start, object: number)
            }
        case 0x3:
            guard marker == 0x33 else { throw unsupported(marker, at: start, object: number) }
            try require(8, at: start + 1, object: number, what: "date")
            let seconds = Double(bitPattern: uint(at: start + 1, size: 8))
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case 0x4:
            let (length, payload) = try count(marker: marker, at: start, object: number)
            try checkLength(length, at: start, object: number)
            try require(length, at: payload, object: number, what: "data")
            return .data(Data(UnsafeRawBufferPointer(rebasing: bytes[payload..<(payload + length)])))
        case 0x5:
            let (length, payload) = try count(marker: marker, at: start, object: number)
            try checkLength(length, at: start, object: number)
            try require(length, at: payload, object: number, what: "string")
            return .string(Self.asciiString(UnsafeRawBufferPointer(rebasing: bytes[payload..<(payload + length)])))
        case 0x6:
            let (units, payload) = try count(marker: marker, at: start, object: number)
            try checkLength(units, at: start, object: number)
            try require(units * 2, at: payload, object: number, what: "UTF-16 string")
            var scalarsUTF16 = [UInt16]()
            scalarsUTF16.reserveCapacity(units)
            for index in 0..<units {
                let at = payload + 2 * index
                scalarsUTF16.append(UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]))
            }
            return .string(String(decoding: scalarsUTF16, as: UTF16.self))
        case 0x8:
            let size = Int(marker & 0x0F) + 1
            try require(size, at: start + 1, object: number, what: "UID")
            let value = uint(at: start + 1, size: min(size, 8))
            guard size <= 4 || (size <= 8 && value <= UInt64(UInt32.max)) else {
                throw ArchiveError(.corruptBinary, "binary plist: UID object \(number) at byte \(start) is wider than 32 bits", offset: start, object: number)
            }
            guard value <= UInt64(UInt32.max) else {
                throw ArchiveError(.corruptBinary, "binary plist: UID \(value) of object \(number) is above 2^32-1", offset: start, object: number)
            }
            return .uid(UInt32(value))
        default:
            throw unsupported(marker, at: start, object: number)
        }
    }

    private func integer(marker: UInt8, at start: Int, object number: Int) throws -> PropertyList {
        let power = Int(marker & 0x0F)
        guard power <= 4 else { throw unsupported(marker, at: start, object: number) }
        let size = 1 << power
        try require(size, at: start + 1, object: number, what: "integer")
        switch size {
        case 1, 2, 4:
            return .integer(Int64(uint(at: start + 1, size: size)))
        case 8:
            return .integer(Int64(bitPattern: uint(at: start + 1, size: 8)))
        default:
            let high = uint(at: start + 1, size: 8)
            let low = uint(at: start + 9, size: 8)
            if high == 0 { return .integer(unsigned: low) }
            if high == UInt64.max, Int64(bitPattern: low) < 0 { return .integer(Int64(bitPattern: low)) }
            throw ArchiveError(.corruptBinary, "binary plist: integer object \(number) at byte \(start) does not fit in 64 bits", offset: start, object: number)
        }
    }

    private mutating func container(marker: UInt8, at start: Int, object number: Int, depth: Int) throws -> PropertyList {
        let (count, payload) = try count(marker: marker, at: start, object: number)
        guard count <= limits.maxCollectionCount else {
            throw ArchiveError(.limitExceeded, "binary plist: object \(number) at byte \(start) has \(count) elements, more than the limit of \(limits.maxCollectionCount)", offset: start, object: number)
        }
        let isDictionary = marker >> 4 == 0xD
        let refCount = isDictionary ? count * 2 : count
        let refSize = trailer.objectRefSize
        try require(refCount * refSize, at: payload, object: number, what: "references")
        elementsVisited += refCount
        guard elementsVisited <= limits.maxExpandedValues else {
            throw ArchiveError(.limitExceeded, "binary plist: more than \(limits.maxExpandedValues) values in all (shared objects count each time they are used); the file expands past the limit on expanded values", offset: start, object: number)
        }
        if isDictionary {
            var entries = [PropertyListKey: PropertyList](minimumCapacity: count)
            for index in 0..<count {
                let key = try keyString(try reference(payload, index, of: number), in: number, depth: depth)
                entries[key] = try object(try reference(payload, count + index, of: number), depth: depth + 1)
            }
            return .dictionary(entries)
        }
        var elements = [PropertyList]()
        elements.reserveCapacity(count)
        for index in 0..<count {
            elements.append(try object(try reference(payload, index, of: number), depth: depth + 1))
        }
        return marker >> 4 == 0xA ? .array(elements) : .set(elements)
    }

    /// The string of dictionary key object `keyNumber`, decoded once per file.
    private mutating func keyString(_ keyNumber: Int, in number: Int, depth: Int) throws -> PropertyListKey {
        if let known = keys[keyNumber] { return known }
        guard case .string(let text) = try object(keyNumber, depth: depth + 1) else {
            throw ArchiveError(.corruptBinary, "binary plist: dictionary object \(number) has key object \(keyNumber) that is not a string", object: number)
        }
        let key = PropertyListKey(text)
        keys[keyNumber] = key
        return key
    }

    /// The object number stored in reference slot `index` of the container at `payload`.
    @inline(__always)
    func reference(_ payload: Int, _ index: Int, of number: Int) throws -> Int {
        let at = payload + index * trailer.objectRefSize
        let value = trailer.objectRefSize == 1 ? UInt64(bytes[at]) : uint(at: at, size: trailer.objectRefSize)
        guard value < UInt64(trailer.objectCount) else {
            throw ArchiveError(.corruptBinary, "binary plist: object \(number) refers to object \(value), but there are only \(trailer.objectCount)", offset: at, object: number)
        }
        return Int(value)
    }

    func checkLength(_ length: Int, at start: Int, object number: Int) throws {
        guard length <= limits.maxStringOrDataLength else {
            throw ArchiveError(.limitExceeded, "binary plist: object \(number) at byte \(start) is \(length) long, more than the limit of \(limits.maxStringOrDataLength)", offset: start, object: number)
        }
    }

    private func unsupported(_ marker: UInt8, at start: Int, object number: Int) -> ArchiveError {
        ArchiveError(.corruptBinary, String(format: "binary plist: object %d at byte %d has unknown marker 0x%02X", number, start, marker), offset: start, object: number)
    }

    /// Decodes an "ASCII" string; bytes above 0x7F (not written by Apple) are read as Latin-1.
    private static func asciiString(_ raw: UnsafeRawBufferPointer) -> String {
        var isASCII = true
        for byte in raw where byte >= 0x80 {
            isASCII = false
            break
        }
        if isASCII { return String(decoding: raw, as: UTF8.self) }
        return String(String.UnicodeScalarView(raw.map { Unicode.Scalar($0) }))
    }
}
