import Foundation

/// Reads the raw-plist JSON form.
struct JSONFormParser {
    private let bytes: UnsafeRawBufferPointer
    private let limits: ArchiveLimits
    private var position = 0
    private var values = 0
    /// The entries of the object just parsed, when it was read as a marker: the payload of a
    /// `$dict` is taken from here as written, not as the marker it looks like.
    private var lastMarkerEntries: [PropertyListKey: PropertyList]?

    init(bytes: UnsafeRawBufferPointer, limits: ArchiveLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    mutating func parseDocument() throws -> PropertyList {
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard position == bytes.count else { throw error("unexpected content after the JSON value") }
        return value
    }

    private mutating func parseValue(depth: Int) throws -> PropertyList {
        guard depth <= limits.maxDepth else {
            throw ArchiveError(.limitExceeded, "JSON: nesting deeper than \(limits.maxDepth) at byte \(position)", offset: position)
        }
        values += 1
        guard values <= limits.maxObjectCount else {
            throw ArchiveError(.limitExceeded, "JSON: more than \(limits.maxObjectCount) values", offset: position)
        }
        guard position < bytes.count else { throw error("unexpected end of the JSON") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character")
        }
    }

    private mutating func parseObject(depth: Int) throws -> PropertyList {
        var literalPayload: [PropertyListKey: PropertyList]?
        var entries: [PropertyListKey: PropertyList] = [:]
        let isEmpty = try parseMembers(close: UInt8(ascii: "}"), of: "object") { parser in
            try parser.parseEntry(into: &entries, literalPayload: &literalPayload, depth: depth)
        }
        if isEmpty { return .dictionary(entries) }
        guard entries.count == 1, let (key, value) = entries.first, key.string.utf8.first == UInt8(ascii: "$") else {
            lastMarkerEntries = nil
            return .dictionary(entries)
        }
        let marker: PropertyList?
        if key == "$dict" {
            marker = literalPayload.map { .dictionary($0) }
        } else {
            marker = Self.marker(key.string, value)
        }
        lastMarkerEntries = marker == nil ? nil : entries
        return marker ?? .dictionary(entries)
    }

    /// The plist value of a one-entry marker object; nil for a `$` key that is no marker, or a
    /// marker whose value is not of its form: that object is a plain dictionary (our writer
    /// wraps every such dictionary in `$dict`, so this only meets hand-written or older files).
    private static func marker(_ key: String, _ value: PropertyList) -> PropertyList? {
        switch key {
        case "$date":
            switch value {
            case .string(let text):
                guard let date = PlistDateFormat.date(from: text) else { return nil }
                return .date(date)
            case .real(let seconds): return .date(Date(timeIntervalSinceReferenceDate: seconds))
            case .integer(let seconds): return .date(Date(timeIntervalSinceReferenceDate: Double(seconds)))
            default: return nil
            }
        case "$data":
            guard case .string(let text) = value, let bytes = Data(base64Encoded: text) else { return nil }
            return .data(bytes)
        case "$uid":
            guard case .integer(let number) = value, number >= 0, number <= Int64(UInt32.max) else { return nil }
            return .uid(UInt32(number))
        case "$real":
            switch value {
            case .real(let number): return .real(number)
            case .string(let text):
                guard let number = special(text, bits: 64).map({ Double(bitPattern: $0) }) else { return nil }
                return .real(number)
            default: return nil
            }
        case "$float":
            switch value {
            case .real(let number):
                let narrow = Float(number)
                guard Double(narrow).bitPattern == number.bitPattern else { return nil }
                return .float(narrow)
            case .integer(let number):
                guard let narrow = Float(exactly: number) else { return nil }
                return .float(narrow)
            case .string(let text):
                guard let bits = special(text, bits: 32) else { return nil }
                return .float(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
            default: return nil
            }
        case "$set":
            guard case .array(let elements) = value else { return nil }
            return .set(elements)
        default:
            return nil
        }
    }

    /// The bit pattern of "nan", "inf", "-inf" or "0x" + hex digits, for a real of `bits` bits.
    private static func special(_ text: String, bits: Int) -> UInt64? {
        switch text {
        case "nan": return bits == 64 ? Double.nan.bitPattern : UInt64(Float.nan.bitPattern)
        case "inf": return bits == 64 ? Double.infinity.bitPattern : UInt64(Float.infinity.bitPattern)
        case "-inf": return bits == 64 ? (-Double.infinity).bitPattern : UInt64((-Float.infinity).bitPattern)
        default:
            guard text.hasPrefix("0x"), text.utf8.count == 2 + bits / 4 else { return nil }
            return UInt64(text.dropFirst(2), radix: 16)
        }
    }

    private mutating func parseArray(depth: Int) throws -> PropertyList {
        var elements: [PropertyList] = []
        let isEmpty = try parseMembers(close: UInt8(ascii: "]"), of: "array") { parser in
            elements.append(try parser.parseValue(depth: depth + 1))
            guard elements.count <= parser.limits.maxCollectionCount else {
                throw ArchiveError(.limitExceeded, "JSON: an array has more than \(parser.limits.maxCollectionCount) elements", offset: parser.position)
            }
        }
        if !isEmpty { lastMarkerEntries = nil }
        return .array(elements)
    }

    /// Reads the members of the array or object whose opening bracket is at `position`, up to
    /// and past its `close` bracket: `parseMember` reads each one (whitespace skipped around
    /// it), with commas between them. Returns whether there were none.
    ///
    /// - Parameter container: "array" or "object", for the error of one left unterminated.
    private mutating func parseMembers(close: UInt8, of container: String, parseMember: (inout JSONFormParser) throws -> Void) throws -> Bool {
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == close {
            position += 1
            return true
        }
        while true {
            skipWhitespace()
            try parseMember(&self)
            skipWhitespace()
            guard position < bytes.count else { throw error("unterminated \(container)") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            try expect(close)
            return false
        }
    }

    /// Reads one `"key": value` entry of an object into `entries`; the first entry's `$dict`
    /// payload, as written, into `literalPayload`.
    private mutating func parseEntry(
        into entries: inout [PropertyListKey: PropertyList], literalPayload: inout [PropertyListKey: PropertyList]?, depth: Int
    ) throws {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a string key") }
        let key = try parseString()
        skipWhitespace()
        try expect(UInt8(ascii: ":"))
        skipWhitespace()
        lastMarkerEntries = nil
        let value = try parseValue(depth: depth + 1)
        if key == "$dict", entries.isEmpty { literalPayload = lastMarkerEntries ?? value.dictionaryValue }
        entries[PropertyListKey(key)] = value
        guard entries.count <= limits.maxCollectionCount else {
            throw ArchiveError(.limitExceeded, "JSON: an object has more than \(limits.maxCollectionCount) entries", offset: position)
        }
    }

    private mutating func parseString() throws -> String {
        let start = position
        position += 1
        var units = [UInt16]()
        var raw = [UInt8]()
        func flush() {
            if !raw.isEmpty {
                units.append(contentsOf: String(decoding: raw, as: UTF8.self).utf16)
                raw.removeAll(keepingCapacity: true)
            }
        }
        while true {
            guard position < bytes.count else { throw error("unterminated string", at: start) }
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\"") { break }
            if byte != UInt8(ascii: "\\") {
                raw.append(byte)
            } else {
                guard position < bytes.count else { throw error("unterminated escape", at: start) }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): raw.append(escape)
                case UInt8(ascii: "n"): raw.append(0x0A)
                case UInt8(ascii: "r"): raw.append(0x0D)
                case UInt8(ascii: "t"): raw.append(0x09)
                case UInt8(ascii: "b"): raw.append(0x08)
                case UInt8(ascii: "f"): raw.append(0x0C)
                case UInt8(ascii: "u"):
                    guard position + 4 <= bytes.count,
                          let unit = UInt16(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<(position + 4)]), as: UTF8.self), radix: 16) else {
                        throw error("bad \\u escape")
                    }
                    position += 4
                    flush()
                    units.append(unit)
                default: throw error("bad escape")
                }
            }
            guard units.count + raw.count <= limits.maxStringUTF8Bytes else {
                throw ArchiveError(.limitExceeded, "JSON: a string at byte \(start) is longer than the limit", offset: start)
            }
        }
        flush()
        return String(decoding: units, as: UTF16.self)
    }

    private mutating func parseNumber() throws -> PropertyList {
        let start = position
        var isReal = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                isReal = true
            } else if !(byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || (byte >= 0x30 && byte <= 0x39)) {
                break
            }
            position += 1
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if isReal {
            guard let value = Double(text) else { throw error("bad number", at: start) }
            return .real(value)
        }
        if let value = Int64(text) { return .integer(value) }
        if let value = UInt64(text) { return .integer(unsigned: value) }
        throw error("integer \(text.prefix(40)) does not fit in 64 bits", at: start)
    }

    private mutating func literal(_ word: String) throws {
        for byte in word.utf8 {
            guard position < bytes.count, bytes[position] == byte else { throw error("expected \(word)") }
            position += 1
        }
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard position < bytes.count, bytes[position] == byte else {
            throw error("expected \"\(Character(Unicode.Scalar(byte)))\"")
        }
        position += 1
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private func error(_ message: String, at offset: Int? = nil) -> ArchiveError {
        let at = offset ?? position
        return ArchiveError(.unknownFormat, "JSON: \(message) at byte \(at)", offset: at)
    }
}
