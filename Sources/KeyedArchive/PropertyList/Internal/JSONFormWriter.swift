import Foundation

/// Writes the raw-plist JSON form; ``PropertyList/jsonData(pretty:)`` documents the markers and
/// the escaping rule.
struct JSONFormWriter {
    var pretty: Bool

    func append(_ value: PropertyList, indent: Int, to out: inout ByteOutput) {
        switch value {
        case .string(let text): Self.appendString(text, to: &out)
        case .integer(let number): out.appendInteger(number)
        case .unsignedInteger(let number): out.appendText(String(number))
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
        case .bool(let flag): out.append(flag ? "true" : "false")
        case .date(let date):
            // The ISO text only when it reads back to the same bits (whole seconds, not -0,
            // years 1–9999); otherwise the exact seconds since 2001 as a number.
            let seconds = date.timeIntervalSinceReferenceDate
            if seconds == seconds.rounded(), seconds.bitPattern != (-0.0 as Double).bitPattern, let text = PlistDateFormat.string(from: date) {
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
            appendContainer(elements, open: "[", close: "]", indent: indent, to: &out) { element, out in
                append(element, indent: indent + 1, to: &out)
            }
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
    private func appendObject(_ entries: [(String, PropertyList)], indent: Int, to out: inout ByteOutput, literal: Bool = false) {
        appendContainer(entries, open: "{", close: "}", indent: indent, to: &out) { entry, out in
            Self.appendString(entry.0, to: &out)
            out.append(pretty ? ": " : ":")
            if literal, case .dictionary(let inner) = entry.1 {
                appendObject(inner.sorted { $0.key < $1.key }.map { ($0.key.string, $0.value) }, indent: indent + 1, to: &out)
            } else {
                append(entry.1, indent: indent + 1, to: &out)
            }
        }
    }

    /// Appends a JSON array or object: `open`, each of `members` on its own line (one level
    /// deeper, written by `appendMember`) with commas between, then `close` on its own line;
    /// `open` and `close` side by side when there are no members.
    private func appendContainer<Member>(
        _ members: [Member], open: StaticString, close: StaticString, indent: Int, to out: inout ByteOutput,
        appendMember: (Member, inout ByteOutput) -> Void
    ) {
        out.append(open)
        guard !members.isEmpty else { return out.append(close) }
        for (index, member) in members.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            newline(indent + 1, to: &out)
            appendMember(member, &out)
        }
        newline(indent, to: &out)
        out.append(close)
    }

    private func appendTagged(_ tag: String, string: String, indent: Int, to out: inout ByteOutput) {
        appendObject([(tag, .string(string))], indent: indent, to: &out)
    }

    private func appendReal(_ number: Double, indent: Int, to out: inout ByteOutput) {
        if number.isNaN {
            guard number.bitPattern != Double.nan.bitPattern else { return appendTagged("$real", string: "nan", indent: indent, to: &out) }
            let bits = String(number.bitPattern, radix: 16)
            return appendTagged("$real", string: "0x" + String(repeating: "0", count: 16 - bits.count) + bits, indent: indent, to: &out)
        }
        if number.isInfinite { return appendTagged("$real", string: number > 0 ? "inf" : "-inf", indent: indent, to: &out) }
        let text = number.description
        out.appendText(text)
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) { out.append(".0") }
    }

    private func newline(_ indent: Int, to out: inout ByteOutput) {
        guard pretty else { return }
        out.append(0x0A)
        out.spaces(2 * indent)
    }

    /// Appends `text` as a JSON string literal: `"` and `\\` escaped, control characters as
    /// `\\n`, `\\r`, `\\t` or `\\u00XX`, everything else as its UTF-8 bytes.
    static func appendString(_ text: String, to out: inout ByteOutput) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else { return }
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(bytes: base + runStart, count: index - runStart)
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): out.append("\\\"")
                case UInt8(ascii: "\\"): out.append("\\\\")
                case 0x0A: out.append("\\n")
                case 0x0D: out.append("\\r")
                case 0x09: out.append("\\t")
                default:
                    let digits: [UInt8] = Array("0123456789abcdef".utf8)
                    out.append("\\u00")
                    out.append(digits[Int(byte >> 4)])
                    out.append(digits[Int(byte & 0x0F)])
                }
            }
            out.append(bytes: base + runStart, count: utf8.count - runStart)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var out = ByteOutput()
        appendString(text, to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
