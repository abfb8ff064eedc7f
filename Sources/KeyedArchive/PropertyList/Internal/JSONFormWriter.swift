import Foundation

/// Writes the raw-plist JSON form; ``PropertyList/jsonData(pretty:)`` documents the markers and
/// the escaping rule.
struct JSONFormWriter {
    var pretty: Bool

    func append(_ value: PropertyList, indent: Int, to out: inout String) {
        switch value {
        case .string(let text): Self.appendString(text, to: &out)
        case .integer(let number): out += String(number)
        case .unsignedInteger(let number): out += String(number)
        case .real(let number): appendReal(number, indent: indent, to: &out)
        case .float(let number):
            if number.isNaN {
                let bits = String(number.bitPattern, radix: 16)
                appendTagged("$float", string: number.bitPattern == Float.nan.bitPattern ? "nan" : "0x" + String(repeating: "0", count: 8 - bits.count) + bits, indent: indent, to: &out)
            } else if number.isInfinite {
                appendTagged("$float", string: number > 0 ? "inf" : "-inf", indent: indent, to: &out)
            } else {
                // The float's exact value as a double: reading it back and narrowing is exact.
                appendObject([("$float", .real(Double(number)))], indent: indent, to: &out)
            }
        case .bool(let flag): out += flag ? "true" : "false"
        case .date(let date):
            // The ISO text only when it reads back to the same bits (whole seconds, not -0,
            // years 1–9999); otherwise the exact seconds since 2001 as a number.
            let seconds = date.timeIntervalSinceReferenceDate
            if seconds == seconds.rounded(), seconds.sign == .plus, let text = PlistDateFormat.string(from: date) {
                appendTagged("$date", string: text, indent: indent, to: &out)
            } else {
                appendObject([("$date", .real(seconds))], indent: indent, to: &out)
            }
        case .data(let bytes): appendTagged("$data", string: bytes.base64EncodedString(), indent: indent, to: &out)
        case .uid(let number):
            appendObject([("$uid", .integer(Int64(number)))], indent: indent, to: &out)
        case .set(let elements):
            appendObject([("$set", .array(elements))], indent: indent, to: &out)
        case .array(let elements):
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
            if sorted.count == 1, let only = sorted.first, only.key.string.utf8.first == UInt8(ascii: "$") {
                // The escaping rule: a one-entry dictionary whose key starts with "$" could be
                // read as a marker, so it is wrapped in {"$dict": …}.
                appendObject([("$dict", value)], indent: indent, to: &out, literal: true)
                return
            }
            appendObject(sorted.map { ($0.key.string, $0.value) }, indent: indent, to: &out)
        }
    }

    /// Appends a JSON object; with `literal`, the single entry's dictionary value is written
    /// as a plain object, without the escaping rule (it is the payload of `$dict`).
    private func appendObject(_ entries: [(String, PropertyList)], indent: Int, to out: inout String, literal: Bool = false) {
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
            if literal, case .dictionary(let inner) = entry.1 {
                appendObject(inner.sorted { $0.key < $1.key }.map { ($0.key.string, $0.value) }, indent: indent + 1, to: &out)
            } else {
                append(entry.1, indent: indent + 1, to: &out)
            }
        }
        newline(indent, to: &out)
        out += "}"
    }

    private func appendTagged(_ tag: String, string: String, indent: Int, to out: inout String) {
        appendObject([(tag, .string(string))], indent: indent, to: &out)
    }

    private func appendReal(_ number: Double, indent: Int, to out: inout String) {
        if number.isNaN {
            guard number.bitPattern != Double.nan.bitPattern else { return appendTagged("$real", string: "nan", indent: indent, to: &out) }
            let bits = String(number.bitPattern, radix: 16)
            return appendTagged("$real", string: "0x" + String(repeating: "0", count: 16 - bits.count) + bits, indent: indent, to: &out)
        }
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
