import Foundation

/// Writes Apple XML property lists, in the layout Apple's writer uses.
///
/// Tabs for indentation, dictionary keys sorted by UTF-16 code unit, UIDs as `CF$UID`
/// dictionaries, reals with up to 17 significant digits and no `.0` when integral (`-0` for
/// negative zero), sets as arrays, carriage returns as `&#13;` so XML readers keep them.
/// XML cannot hold everything a binary plist can: dates are whole seconds (the fraction is
/// dropped), 4-byte reals read back as 8-byte ones, sets as arrays. ``PropertyList/xmlLosses()``
/// lists what a given plist would lose.
public enum XMLPlistWriter {
    /// Encodes a plist as XML.
    ///
    /// - Throws: ``ArchiveError`` `.unencodable` for a date outside the years 1 to 9999.
    /// - Complexity: O(n) in the size of the output; bytes are written straight into one buffer.
    public static func write(_ plist: PropertyList) throws -> Data {
        var out = ByteOutput()
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.append("<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n")
        out.append("<plist version=\"1.0\">\n")
        try append(plist, indent: 0, to: &out)
        out.append("</plist>\n")
        return out.takeData()
    }

    private static func append(_ value: PropertyList, indent: Int, to out: inout ByteOutput) throws {
        out.tabs(indent)
        switch value {
        case .string(let text): appendElement("<string>", "</string>\n", to: &out) { $0.appendEscaped(text) }
        case .integer(let number): appendElement("<integer>", "</integer>\n", to: &out) { $0.appendInteger(number) }
        case .unsignedInteger(let number): appendElement("<integer>", "</integer>\n", to: &out) { $0.appendText(String(number)) }
        case .real(let number): appendElement("<real>", "</real>\n", to: &out) { $0.appendReal(number) }
        case .float(let number): appendElement("<real>", "</real>\n", to: &out) { $0.appendReal(Double(number)) }
        case .bool(let flag):
            out.append(flag ? "<true/>\n" : "<false/>\n")
        case .date(let date):
            guard let text = PlistDateFormat.string(from: date) else {
                throw ArchiveError(.unencodable, "XML plists cannot hold the date \(date.timeIntervalSinceReferenceDate) s after 2001: only the years 1 to 9999")
            }
            appendElement("<date>", "</date>\n", to: &out) { $0.appendText(text) }
        case .data(let bytes):
            out.append("<data>\n")
            let encoded = Array(bytes.base64EncodedString().utf8)
            var start = 0
            while start < encoded.count {
                let end = min(start + 68, encoded.count)
                out.tabs(indent)
                out.append(contentsOf: encoded[start..<end])
                out.append(0x0A)
                start = end
            }
            out.tabs(indent)
            out.append("</data>\n")
        case .uid(let number):
            out.append("<dict>\n")
            out.tabs(indent + 1)
            out.append("<key>CF$UID</key>\n")
            out.tabs(indent + 1)
            appendElement("<integer>", "</integer>\n", to: &out) { $0.appendInteger(Int64(number)) }
            out.tabs(indent)
            out.append("</dict>\n")
        case .array(let elements), .set(let elements):
            try appendContainer(elements, empty: "<array/>\n", open: "<array>\n", close: "</array>\n", indent: indent, to: &out) { element, out in
                try append(element, indent: indent + 1, to: &out)
            }
        case .dictionary(let entries):
            try appendContainer(entries.sorted(by: { $0.key < $1.key }), empty: "<dict/>\n", open: "<dict>\n", close: "</dict>\n", indent: indent, to: &out) { entry, out in
                out.tabs(indent + 1)
                appendElement("<key>", "</key>\n", to: &out) { $0.appendEscaped(entry.key.string) }
                try append(entry.value, indent: indent + 1, to: &out)
            }
        }
    }

    /// Appends `open`, what `appendContent` appends, then `close` (which ends the line): an
    /// element on one line, such as `<integer>7</integer>`.
    private static func appendElement(_ open: StaticString, _ close: StaticString, to out: inout ByteOutput, appendContent: (inout ByteOutput) -> Void) {
        out.append(open)
        appendContent(&out)
        out.append(close)
    }

    /// Appends an array or a dictionary: `empty` when there are no `members`; otherwise `open`,
    /// each member (written by `appendMember`), and `close` indented by `indent`.
    private static func appendContainer<Member>(
        _ members: [Member], empty: StaticString, open: StaticString, close: StaticString, indent: Int, to out: inout ByteOutput,
        appendMember: (Member, inout ByteOutput) throws -> Void
    ) rethrows {
        guard !members.isEmpty else { return out.append(empty) }
        out.append(open)
        for member in members { try appendMember(member, &out) }
        out.tabs(indent)
        out.append(close)
    }

    /// A real as Apple prints it: `%.17g`, with `nan`, `±infinity` and `-0` for negative zero.
    static func realText(_ number: Double) -> String {
        var out = ByteOutput()
        out.appendReal(number)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
