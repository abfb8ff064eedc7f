import Foundation

/// The state of one XML plist parse.
struct XMLPlistParser {
    let bytes: UnsafeRawBufferPointer
    let limits: ArchiveLimits
    var position = 0
    var elements = 0

    /// Whether byte offsets in `bytes` are offsets in the file (false for text converted to UTF-8).
    let offsetsAreInInput: Bool

    init(bytes: UnsafeRawBufferPointer, limits: ArchiveLimits, offsetsAreInInput: Bool = true) {
        self.bytes = bytes
        self.limits = limits
        self.offsetsAreInInput = offsetsAreInInput
    }

    // MARK: Document

    mutating func parseDocument() throws -> PropertyList {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        try skipMisc()
        let tag = try readTag()
        let value: PropertyList
        if tag.name == "plist" {
            guard !tag.selfClosing else { throw error("the <plist> element is empty", at: tag.start) }
            try skipMisc()
            value = try parseValue(try readTag(), depth: 0)
            try skipMisc()
            let end = try readTag()
            guard end.isClosing, end.name == "plist" else {
                throw error("expected </plist>, found \(end.display)", at: end.start)
            }
        } else {
            value = try parseValue(tag, depth: 0)
        }
        try skipMisc()
        guard position == bytes.count else { throw error("unexpected content after the plist", at: position) }
        return value
    }

    // MARK: Values

    private mutating func parseValue(_ tag: Tag, depth: Int) throws -> PropertyList {
        guard !tag.isClosing else { throw error("expected a value, found \(tag.display)", at: tag.start) }
        guard depth <= limits.maxDepth else {
            throw ArchiveError(.limitExceeded, "XML plist: nesting deeper than \(limits.maxDepth) at byte \(tag.start) (line \(line(of: tag.start)))", offset: tag.start)
        }
        elements += 1
        guard elements <= limits.maxObjectCount else {
            throw ArchiveError(.limitExceeded, "XML plist: more than \(limits.maxObjectCount) elements at byte \(tag.start)", offset: tag.start)
        }
        switch tag.name {
        case "dict": return try parseDictionary(tag, depth: depth)
        case "array": return try parseArray(tag, depth: depth)
        case "string": return .string(try text(of: tag))
        case "integer": return try integer(text(of: tag), at: tag.start)
        case "real": return try real(text(of: tag), at: tag.start)
        case "true", "false":
            if !tag.selfClosing {
                let content = try text(of: tag)
                guard content.allSatisfy(\.isWhitespace) else { throw error("<\(tag.name)> must be empty", at: tag.start) }
            }
            return .bool(tag.name == "true")
        case "date": return try date(text(of: tag), at: tag.start)
        case "data": return try data(text(of: tag), at: tag.start)
        default: throw error("unknown element <\(tag.name)>", at: tag.start)
        }
    }

    private mutating func parseDictionary(_ tag: Tag, depth: Int) throws -> PropertyList {
        var entries: [PropertyListKey: PropertyList] = [:]
        if tag.selfClosing { return .dictionary(entries) }
        try parseChildren(of: tag) { parser, keyTag in
            guard keyTag.name == "key" else { throw parser.error("expected <key> in a dictionary, found \(keyTag.display)", at: keyTag.start) }
            let key = try parser.text(of: keyTag)
            try parser.skipMisc()
            let valueTag = try parser.readTag()
            guard !valueTag.isClosing else { throw parser.error("dictionary key \"\(key.prefix(40))\" has no value", at: valueTag.start) }
            entries[PropertyListKey(key)] = try parser.parseValue(valueTag, depth: depth + 1)
            guard entries.count <= parser.limits.maxCollectionCount else {
                throw ArchiveError(.limitExceeded, "XML plist: dictionary at byte \(tag.start) has more than \(parser.limits.maxCollectionCount) entries", offset: tag.start)
            }
        }
        // As CoreFoundation does, a lone CF$UID with an integer is a UID; with another value
        // the dictionary stays a dictionary.
        if entries.count == 1, let value = entries["CF$UID"], value.typeName == "integer" {
            guard case .integer(let number) = value, number >= 0, number <= Int64(UInt32.max) else {
                throw error("CF$UID value \(value.shortDescription) is not an integer between 0 and 2^32-1", at: tag.start)
            }
            return .uid(UInt32(number))
        }
        return .dictionary(entries)
    }

    private mutating func parseArray(_ tag: Tag, depth: Int) throws -> PropertyList {
        var elements: [PropertyList] = []
        if tag.selfClosing { return .array(elements) }
        try parseChildren(of: tag) { parser, next in
            elements.append(try parser.parseValue(next, depth: depth + 1))
            guard elements.count <= parser.limits.maxCollectionCount else {
                throw ArchiveError(.limitExceeded, "XML plist: array at byte \(tag.start) has more than \(parser.limits.maxCollectionCount) elements", offset: tag.start)
            }
        }
        return .array(elements)
    }

    /// Reads the children of the `<dict>` or `<array>` that `tag` opens, up to and past its
    /// closing tag: `parseChild` gets each child's opening tag and reads the child.
    ///
    /// - Throws: `.corruptXML` for a closing tag other than the container's own.
    private mutating func parseChildren(of tag: Tag, parseChild: (inout XMLPlistParser, Tag) throws -> Void) throws {
        while true {
            try skipMisc()
            let next = try readTag()
            if next.isClosing {
                guard next.name == tag.name else { throw error("expected </\(tag.name)>, found \(next.display)", at: next.start) }
                return
            }
            try parseChild(&self, next)
        }
    }

    // MARK: Scalars

    private func integer(_ text: String, at offset: Int) throws -> PropertyList {
        var digits = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        var negative = false
        if digits.first == "-" || digits.first == "+" {
            negative = digits.first == "-"
            digits = digits.dropFirst()
        }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            radix = 16
            digits = digits.dropFirst(2)
        }
        guard !digits.isEmpty, let magnitude = UInt64(digits, radix: radix) else {
            throw error("\"\(text.prefix(40))\" is not an integer", at: offset)
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { throw error("integer \(text.prefix(40)) is below -2^63", at: offset) }
            return .integer(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
        }
        return .integer(unsigned: magnitude)
    }

    private func real(_ text: String, at offset: Int) throws -> PropertyList {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch trimmed.lowercased() {
        case "nan": return .real(.nan)
        case "inf", "+inf", "infinity", "+infinity": return .real(.infinity)
        case "-inf", "-infinity": return .real(-.infinity)
        default:
            guard let value = Double(trimmed) else { throw error("\"\(text.prefix(40))\" is not a real number", at: offset) }
            return .real(value)
        }
    }

    private func date(_ text: String, at offset: Int) throws -> PropertyList {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let date = PlistDateFormat.date(from: trimmed) else {
            throw error("\"\(text.prefix(40))\" is not a date of the form 2001-01-01T00:00:00Z", at: offset)
        }
        return .date(date)
    }

    private func data(_ text: String, at offset: Int) throws -> PropertyList {
        let compact = String(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) })
        guard let bytes = Data(base64Encoded: compact) else { throw error("the <data> element is not valid base64", at: offset) }
        return .data(bytes)
    }
}
