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
        case .string(let text):
            out.append("<string>")
            out.appendEscaped(text)
            out.append("</string>\n")
        case .integer(let number):
            out.append("<integer>")
            out.appendInteger(number)
            out.append("</integer>\n")
        case .unsignedInteger(let number):
            out.append("<integer>")
            out.appendText(String(number))
            out.append("</integer>\n")
        case .real(let number):
            out.append("<real>")
            out.appendReal(number)
            out.append("</real>\n")
        case .float(let number):
            out.append("<real>")
            out.appendReal(Double(number))
            out.append("</real>\n")
        case .bool(let flag):
            out.append(flag ? "<true/>\n" : "<false/>\n")
        case .date(let date):
            guard let text = PlistDateFormat.string(from: date) else {
                throw ArchiveError(.unencodable, "XML plists cannot hold the date \(date.timeIntervalSinceReferenceDate) s after 2001: only the years 1 to 9999")
            }
            out.append("<date>")
            out.appendText(text)
            out.append("</date>\n")
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
            out.append("<integer>")
            out.appendInteger(Int64(number))
            out.append("</integer>\n")
            out.tabs(indent)
            out.append("</dict>\n")
        case .array(let elements), .set(let elements):
            if elements.isEmpty {
                out.append("<array/>\n")
                return
            }
            out.append("<array>\n")
            for element in elements { try append(element, indent: indent + 1, to: &out) }
            out.tabs(indent)
            out.append("</array>\n")
        case .dictionary(let entries):
            if entries.isEmpty {
                out.append("<dict/>\n")
                return
            }
            out.append("<dict>\n")
            for (key, element) in entries.sorted(by: { $0.key < $1.key }) {
                out.tabs(indent + 1)
                out.append("<key>")
                out.appendEscaped(key.string)
                out.append("</key>\n")
                try append(element, indent: indent + 1, to: &out)
            }
            out.tabs(indent)
            out.append("</dict>\n")
        }
    }

    /// A real as Apple prints it: `%.17g`, with `nan`, `±infinity` and `-0` for negative zero.
    static func realText(_ number: Double) -> String {
        var out = ByteOutput()
        out.appendReal(number)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
