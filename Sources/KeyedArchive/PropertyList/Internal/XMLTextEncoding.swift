import Foundation

/// Finds the character encoding of an XML plist as CoreFoundation does, and turns the text into
/// UTF-8 for the parser.
///
/// A byte-order mark decides first (UTF-32 BE/LE, UTF-8, UTF-16 LE/BE). Without one, a zero in
/// the first two bytes means UTF-16 (big-endian when the first byte is zero, little-endian when
/// the second is). Otherwise the text is 8-bit: UTF-8 unless the `<?xml … encoding="…"?>`
/// declaration names ISO-8859-1 (Latin-1), Windows-1252 or Mac OS Roman.
enum XMLTextEncoding {
    /// The encodings the reader converts from.
    enum Source: Equatable {
        case utf8(skip: Int)
        case utf16(bigEndian: Bool, skip: Int)
        case utf32(bigEndian: Bool, skip: Int)
        case eightBit(String.Encoding, name: String)
    }

    /// Detects the encoding from the first bytes (and the declaration, for 8-bit text).
    ///
    /// - Throws: `.corruptXML` for an encoding the declaration names that this reader lacks.
    static func detect(_ bytes: UnsafeRawBufferPointer) throws -> Source {
        let count = bytes.count
        if count >= 4, bytes[0] == 0, bytes[1] == 0, bytes[2] == 0xFE, bytes[3] == 0xFF { return .utf32(bigEndian: true, skip: 4) }
        if count >= 4, bytes[0] == 0xFF, bytes[1] == 0xFE, bytes[2] == 0, bytes[3] == 0 { return .utf32(bigEndian: false, skip: 4) }
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return .utf8(skip: 3) }
        if count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { return .utf16(bigEndian: false, skip: 2) }
        if count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return .utf16(bigEndian: true, skip: 2) }
        if count >= 2, bytes[0] == 0 { return .utf16(bigEndian: true, skip: 0) }
        if count >= 2, bytes[1] == 0 { return .utf16(bigEndian: false, skip: 0) }
        guard let name = declaredEncoding(bytes) else { return .utf8(skip: 0) }
        switch name.lowercased() {
        case "utf-8", "utf8", "us-ascii", "ascii": return .utf8(skip: 0)
        case "iso-8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "iso-latin-1": return .eightBit(.isoLatin1, name: name)
        case "windows-1252", "cp1252": return .eightBit(.windowsCP1252, name: name)
        case "macintosh", "macroman", "x-mac-roman": return .eightBit(.macOSRoman, name: name)
        default:
            throw ArchiveError(.corruptXML, "XML plist: the declaration names the encoding \"\(name.prefix(40))\", which this reader does not know (it reads UTF-8, UTF-16, UTF-32, ISO-8859-1, Windows-1252 and Mac OS Roman)", offset: 0)
        }
    }

    /// The `encoding="…"` of a leading `<?xml …?>` declaration, if any.
    private static func declaredEncoding(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        let limit = min(bytes.count, 512)
        guard let end = (0..<limit).first(where: { $0 + 1 < limit && bytes[$0] == UInt8(ascii: "?") && bytes[$0 + 1] == UInt8(ascii: ">") }) else { return nil }
        let declaration = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<end]), as: UTF8.self)
        guard let range = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[range.upperBound...].drop(while: { $0 == " " || $0 == "=" || $0 == "\t" })
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix(while: { $0 != quote }))
    }

    /// The text as UTF-8 (without a byte-order mark), or nil when the input already is.
    ///
    /// - Throws: `.corruptXML` naming the byte of an invalid code unit sequence.
    static func utf8(_ data: Data) throws -> Data? {
        try data.withUnsafeBytes { raw -> Data? in
            switch try detect(raw) {
            case .utf8(let skip):
                return skip == 0 ? nil : Data(raw[skip...])
            case .utf16(let bigEndian, let skip):
                guard (raw.count - skip) % 2 == 0 else {
                    throw ArchiveError(.corruptXML, "XML plist: UTF-16 text of \(raw.count - skip) bytes, an odd number", offset: raw.count - 1)
                }
                var units = [UInt16]()
                units.reserveCapacity((raw.count - skip) / 2)
                var index = skip
                while index + 1 < raw.count {
                    let high = UInt16(raw[bigEndian ? index : index + 1])
                    let low = UInt16(raw[bigEndian ? index + 1 : index])
                    units.append(high << 8 | low)
                    index += 2
                }
                return try transcode(units, as: UTF16.self, unitSize: 2, skip: skip)
            case .utf32(let bigEndian, let skip):
                var units = [UInt32]()
                units.reserveCapacity((raw.count - skip) / 4)
                var index = skip
                while index + 3 < raw.count {
                    var value: UInt32 = 0
                    for offset in 0..<4 { value = value << 8 | UInt32(raw[bigEndian ? index + offset : index + 3 - offset]) }
                    units.append(value)
                    index += 4
                }
                return try transcode(units, as: UTF32.self, unitSize: 4, skip: skip)
            case .eightBit(let encoding, let name):
                guard let text = String(data: Data(raw), encoding: encoding) else {
                    throw ArchiveError(.corruptXML, "XML plist: the text is not valid \(name)", offset: 0)
                }
                return Data(text.utf8)
            }
        }
    }

    private static func transcode<Codec: UnicodeCodec>(_ units: [Codec.CodeUnit], as codec: Codec.Type, unitSize: Int, skip: Int) throws -> Data {
        var out = [UInt8]()
        out.reserveCapacity(units.count + units.count / 2)
        var iterator = units.makeIterator()
        var decoder = Codec()
        var consumed = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                consumed += scalar.value > 0xFFFF && unitSize == 2 ? 2 : 1
                UTF8.encode(scalar) { out.append($0) }
            case .emptyInput:
                return Data(out)
            case .error:
                let at = skip + consumed * unitSize
                throw ArchiveError(.corruptXML, "XML plist: invalid \(unitSize == 2 ? "UTF-16" : "UTF-32") near byte \(at)", offset: at)
            }
        }
    }
}
