import Foundation

/// Writes the raw-plist JSON form.
struct JSONFormWriter {
    var pretty: Bool

    func append(_ value: PropertyList, indent: Int, to out: inout String) {
        switch value {
        case .string(let text): Self.appendString(text, to: &out)
        case .integer(let number): out += String(number)
        case .unsignedInteger(let number): out += String(number)
        case .real(let number): appendReal(number, indent: indent, to: &out)
        case .float(let number): appendReal(Double(number), indent: indent, to: &out)
        case .bool(let flag): out += flag ? "true" : "false"
        case .date(let date):
            if let text = PlistDateFormat.string(from: date) {
                appendTagged("$date", string: text, indent: indent, to: &out)
            } else {
                appendObject([("$date", .real(date.timeIntervalSinceReferenceDate))], indent: indent, to: &out)
            }
        case .data(let bytes): appendTagged("$data", string: bytes.base64EncodedString(), indent: indent, to: &out)
        case .uid(let number):
            appendObject([("$uid", .integer(Int64(number)))], indent: indent, to: &out)
        case .array(let elements), .set(let elements):
            if elements.isEmpty {
                out += "[]"
                return
            }
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                newline(indent + 1, to: &out)
                append(element, indent: indent + 1, to: &out)
            }
            newline(indent, to: &out)
            out += "]"
        case .dictionary(let entries):
            let sorted = entries.sorted { $0.key < $1.key }
            appendObject(sorted.map { ($0.key.string, $0.value) }, indent: indent, to: &out)
        }
    }

    private func appendObject(_ entries: [(String, PropertyList)], indent: Int, to out: inout String) {
        if entries.isEmpty {
            out += "{}"
            return
        }
        out += "{"
        for (index, entry) in entries.enumerated() {
            if index > 0 { out += "," }
            newline(indent + 1, to: &out)
            Self.appendString(entry.0, to: &out)
            out += pretty ? ": " : ":"
            append(entry.1, indent: indent + 1, to: &out)
        }
        newline(indent, to: &out)
        out += "}"
    }

    private func appendTagged(_ tag: String, string: String, indent: Int, to out: inout String) {
        appendObject([(tag, .string(string))], indent: indent, to: &out)
    }

    private func appendReal(_ number: Double, indent: Int, to out: inout String) {
        if number.isNaN { return appendTagged("$real", string: "nan", indent: indent, to: &out) }
        if number.isInfinite { return appendTagged("$real", string: number > 0 ? "inf" : "-inf", indent: indent, to: &out) }
        let text = number.description
        out += text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? text : text + ".0"
    }

    private func newline(_ indent: Int, to out: inout String) {
        guard pretty else { return }
        out += "\n" + String(repeating: "  ", count: indent)
    }

    /// Appends `text` as a JSON string literal.
    static func appendString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
