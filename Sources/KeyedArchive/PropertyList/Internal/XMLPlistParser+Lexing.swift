import Foundation

/// The lexical layer of the XML plist reader: tags, attributes, comments, text and entities,
/// each checked as XML requires.
extension XMLPlistParser {
    /// One start, end or empty-element tag.
    struct Tag {
        var name: String
        var isClosing: Bool
        var selfClosing: Bool
        var start: Int
        var display: String { isClosing ? "</\(name)>" : selfClosing ? "<\(name)/>" : "<\(name)>" }
    }

    /// Skips whitespace, comments, processing instructions and the DOCTYPE.
    mutating func skipMisc() throws {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                position += 1
            } else if matches("<!--") {
                try skipComment()
            } else if matches("<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if matches("<!DOCTYPE") {
                try skipDoctype()
            } else {
                return
            }
        }
    }

    private mutating func skipDoctype() throws {
        let start = position
        var brackets = 0
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "["): brackets += 1
            case UInt8(ascii: "]"): brackets -= 1
            case UInt8(ascii: ">") where brackets <= 0:
                position += 1
                return
            default: break
            }
            position += 1
        }
        throw error("unterminated DOCTYPE", at: start)
    }

    /// Reads a start, end or empty-element tag, refusing anything XML would not: a start tag is
    /// a name, then attributes each of the form `name="value"` (or single quotes), then `>` or
    /// `/>`; an end tag is a name and `>`. A stray `=` or quote is an error, so no value is ever
    /// read from inside a malformed tag.
    mutating func readTag() throws -> Tag {
        let start = position
        guard position < bytes.count else { throw error("unexpected end of the document", at: position) }
        guard bytes[position] == UInt8(ascii: "<") else { throw error("expected a tag, found text", at: position) }
        position += 1
        var isClosing = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "/") {
            isClosing = true
            position += 1
        }
        let name = try readName(in: start)
        while true {
            let hadSpace = skipSpaces()
            guard position < bytes.count else { throw error("unterminated tag <\(name.prefix(20))", at: start) }
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") {
                position += 1
                return Tag(name: name, isClosing: isClosing, selfClosing: false, start: start)
            }
            if byte == UInt8(ascii: "/"), !isClosing {
                guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") else {
                    throw error("malformed tag <\(name.prefix(20)): \"/\" not followed by \">\"", at: position)
                }
                position += 2
                return Tag(name: name, isClosing: false, selfClosing: true, start: start)
            }
            guard !isClosing else { throw error("malformed end tag </\(name.prefix(20))>: unexpected content", at: position) }
            guard hadSpace else { throw error("malformed tag <\(name.prefix(20))>: an attribute must follow a space", at: position) }
            try skipAttribute(of: name)
        }
    }

    /// An element or attribute name at `position`; an error naming the tag at `tagStart` if none.
    private mutating func readName(in tagStart: Int) throws -> String {
        let nameStart = position
        while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
        guard position > nameStart, !Self.isDigitOrDash(bytes[nameStart]) else {
            throw error("malformed tag: no valid name after \"<\"", at: tagStart)
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[nameStart..<position]), as: UTF8.self)
    }

    /// Skips one `name = "value"` attribute of tag `tag`.
    private mutating func skipAttribute(of tag: String) throws {
        let start = position
        guard position < bytes.count, Self.isNameByte(bytes[position]), !Self.isDigitOrDash(bytes[position]) else {
            throw error("malformed attribute in <\(tag.prefix(20))>", at: start)
        }
        while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
        skipSpaces()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
            throw error("malformed attribute in <\(tag.prefix(20))>: no \"=\" after its name", at: start)
        }
        position += 1
        skipSpaces()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
            throw error("malformed attribute in <\(tag.prefix(20))>: its value is not quoted", at: start)
        }
        let quote = bytes[position]
        position += 1
        while position < bytes.count, bytes[position] != quote {
            guard bytes[position] != UInt8(ascii: "<") else {
                throw error("malformed attribute in <\(tag.prefix(20))>: \"<\" inside its value", at: start)
            }
            position += 1
        }
        guard position < bytes.count else { throw error("unterminated attribute value in <\(tag.prefix(20))>", at: start) }
        position += 1
    }

    /// Skips XML white space; whether there was any.
    @discardableResult
    private mutating func skipSpaces() -> Bool {
        let start = position
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        return position > start
    }

    /// Skips a comment at `position` (which starts with `<!--`). As XML requires, `--` may
    /// appear only in the closing `-->`, so nothing can be smuggled past a lenient end.
    private mutating func skipComment() throws {
        let start = position
        position += 4
        while position + 1 < bytes.count {
            if bytes[position] == UInt8(ascii: "-"), bytes[position + 1] == UInt8(ascii: "-") {
                guard position + 2 < bytes.count, bytes[position + 2] == UInt8(ascii: ">") else {
                    throw error("\"--\" inside a comment (a comment ends only at the first \"--\", which must be \"-->\")", at: position)
                }
                position += 3
                return
            }
            position += 1
        }
        throw error("unterminated comment", at: start)
    }

    /// The text content of `tag` up to its end tag, with entities and CDATA decoded.
    mutating func text(of tag: Tag) throws -> String {
        if tag.selfClosing { return "" }
        var output = [UInt8]()
        var runStart = position
        while true {
            guard position < bytes.count else { throw error("<\(tag.name)> is not closed", at: tag.start) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<position]))
                if matches("<![CDATA[") {
                    position += 9
                    let contentStart = position
                    try skip(past: "]]>", what: "CDATA section")
                    output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[contentStart..<(position - 3)]))
                } else if matches("<!--") {
                    try skipComment()
                } else {
                    let end = try readTag()
                    guard end.isClosing, end.name == tag.name else {
                        throw error("expected </\(tag.name)>, found \(end.display)", at: end.start)
                    }
                    break
                }
                runStart = position
            } else if byte == UInt8(ascii: "&") {
                output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<position]))
                try appendEntity(to: &output)
                runStart = position
            } else {
                position += 1
            }
            guard output.count + (position - runStart) <= limits.maxStringUTF8Bytes else {
                throw ArchiveError(.limitExceeded, "XML plist: <\(tag.name)> at byte \(tag.start) is longer than the limit", offset: tag.start)
            }
        }
        let text = String(decoding: output, as: UTF8.self)
        guard text.utf16.count <= limits.maxStringOrDataLength else {
            throw ArchiveError(.limitExceeded, "XML plist: <\(tag.name)> at byte \(tag.start) is longer than the limit of \(limits.maxStringOrDataLength)", offset: tag.start)
        }
        return text
    }

    private mutating func appendEntity(to output: inout [UInt8]) throws {
        let start = position
        guard let semicolon = (position..<min(bytes.count, position + 12)).first(where: { bytes[$0] == UInt8(ascii: ";") }) else {
            throw error("unterminated entity", at: start)
        }
        let name = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(position + 1)..<semicolon]), as: UTF8.self)
        position = semicolon + 1
        let scalar: Unicode.Scalar?
        switch name {
        case "amp": scalar = "&"
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        default:
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
            } else {
                scalar = nil
            }
        }
        guard let scalar else { throw error("unknown entity &\(name.prefix(12));", at: start) }
        output.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for index in 0..<count where bytes[position + index] != pointer[index] { return false }
        return true
    }

    private mutating func skip(past terminator: StaticString, what: String) throws {
        let start = position
        while position < bytes.count {
            if matches(terminator) {
                position += terminator.utf8CodeUnitCount
                return
            }
            position += 1
        }
        throw error("unterminated \(what)", at: start)
    }

    private static func isDigitOrDash(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }

    func line(of offset: Int) -> Int {
        var line = 1
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A { line += 1 }
        return line
    }

    func error(_ message: String, at offset: Int) -> ArchiveError {
        guard offsetsAreInInput else {
            return ArchiveError(.corruptXML, "XML plist: \(message) at line \(line(of: offset))")
        }
        return ArchiveError(.corruptXML, "XML plist: \(message) at byte \(offset) (line \(line(of: offset)))", offset: offset)
    }
}
