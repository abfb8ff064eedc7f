import Foundation

/// Writes Apple XML property lists, in the layout Apple's writer uses.
///
/// Tabs for indentation, dictionary keys sorted by UTF-16 code unit, UIDs as `CF$UID`
/// dictionaries, reals with up to 17 significant digits and no `.0` when integral, sets as arrays.
/// XML cannot hold everything a binary plist can: dates are whole seconds (the fraction is
/// dropped), 4-byte reals read back as 8-byte ones, sets as arrays. ``PropertyList/xmlLosses()``
/// lists what a given plist would lose.
public enum XMLPlistWriter {
    /// Encodes a plist as XML.
    ///
    /// - Throws: ``ArchiveError`` `.unencodable` for a date outside the years 1 to 9999.
    public static func write(_ plist: PropertyList) throws -> Data {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
        out += "<plist version=\"1.0\">\n"
        try append(plist, indent: 0, to: &out)
        out += "</plist>\n"
        return Data(out.utf8)
    }

    private static func append(_ value: PropertyList, indent: Int, to out: inout String) throws {
        let tabs = String(repeating: "\t", count: indent)
        switch value {
        case .string(let text):
            out += "\(tabs)<string>\(escaped(text))</string>\n"
        case .integer(let number):
            out += "\(tabs)<integer>\(number)</integer>\n"
        case .unsignedInteger(let number):
            out += "\(tabs)<integer>\(number)</integer>\n"
        case .real(let number):
            out += "\(tabs)<real>\(realText(number))</real>\n"
        case .float(let number):
            out += "\(tabs)<real>\(realText(Double(number)))</real>\n"
        case .bool(let flag):
            out += flag ? "\(tabs)<true/>\n" : "\(tabs)<false/>\n"
        case .date(let date):
            guard let text = PlistDateFormat.string(from: date) else {
                throw ArchiveError(.unencodable, "XML plists cannot hold the date \(date.timeIntervalSinceReferenceDate) s after 2001: only the years 1 to 9999")
            }
            out += "\(tabs)<date>\(text)</date>\n"
        case .data(let bytes):
            out += "\(tabs)<data>\n"
            let encoded = bytes.base64EncodedString()
            var start = encoded.startIndex
            while start < encoded.endIndex {
                let end = encoded.index(start, offsetBy: 68, limitedBy: encoded.endIndex) ?? encoded.endIndex
                out += "\(tabs)\(encoded[start..<end])\n"
                start = end
            }
            out += "\(tabs)</data>\n"
        case .uid(let number):
            out += "\(tabs)<dict>\n\(tabs)\t<key>CF$UID</key>\n\(tabs)\t<integer>\(number)</integer>\n\(tabs)</dict>\n"
        case .array(let elements), .set(let elements):
            if elements.isEmpty {
                out += "\(tabs)<array/>\n"
                return
            }
            out += "\(tabs)<array>\n"
            for element in elements { try append(element, indent: indent + 1, to: &out) }
            out += "\(tabs)</array>\n"
        case .dictionary(let entries):
            if entries.isEmpty {
                out += "\(tabs)<dict/>\n"
                return
            }
            out += "\(tabs)<dict>\n"
            for key in entries.keys.sorted() {
                out += "\(tabs)\t<key>\(escaped(key.string))</key>\n"
                if let element = entries[key] { try append(element, indent: indent + 1, to: &out) }
            }
            out += "\(tabs)</dict>\n"
        }
    }

    /// A real as Apple prints it: `%.17g`, with `nan`, `±infinity` and `-0` for negative zero.
    static func realText(_ number: Double) -> String {
        if number.isNaN { return "nan" }
        if number == 0 { return number.sign == .minus ? "-0" : "0" }
        if number.isInfinite { return number > 0 ? "+infinity" : "-infinity" }
        if number == number.rounded(), abs(number) < 1e17 { return String(Int64(number)) }
        return String(format: "%.17g", number)
    }

    private static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == 0x0D }) else {
            return text
        }
        // A carriage return is written as a reference, which XML readers keep (a raw one they
        // turn into a line feed).
        return text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\r", with: "&#13;")
    }
}
