import Foundation

/// Renders a plist as an indented tree for people.
public enum PropertyListTreePrinter {
    /// The tree, one value per line; dictionary keys sorted.
    public static func render(_ plist: PropertyList) -> String {
        var out = ""
        append(plist, label: nil, indent: 0, to: &out)
        return out
    }

    private static func append(_ value: PropertyList, label: String?, indent: Int, to out: inout String) {
        let prefix = String(repeating: "  ", count: indent) + (label.map { "\($0): " } ?? "")
        switch value {
        case .array(let elements), .set(let elements):
            let kind = value.typeName
            out += "\(prefix)\(kind) (\(elements.count))\n"
            for (index, element) in elements.enumerated() {
                append(element, label: "[\(index)]", indent: indent + 1, to: &out)
            }
        case .dictionary(let entries):
            out += "\(prefix)dictionary (\(entries.count))\n"
            for key in entries.keys.sorted() {
                if let element = entries[key] { append(element, label: key.string, indent: indent + 1, to: &out) }
            }
        default:
            out += "\(prefix)\(scalarText(value))\n"
        }
    }

    /// A one-line rendering of a scalar: strings quoted, dates ISO-8601, data as a hex prefix.
    static func scalarText(_ value: PropertyList) -> String {
        switch value {
        case .string(let text): return quoted(text)
        case .integer(let number): return String(number)
        case .unsignedInteger(let number): return String(number)
        case .real(let number): return String(number)
        case .float(let number): return "\(number) (float)"
        case .bool(let flag): return flag ? "true" : "false"
        case .date(let date): return PlistDateFormat.string(from: date) ?? "date \(date.timeIntervalSinceReferenceDate) s after 2001"
        case .data(let bytes): return dataText(bytes)
        case .uid(let number): return "UID \(number)"
        case .array(let elements), .set(let elements): return "\(value.typeName) (\(elements.count))"
        case .dictionary(let entries): return "dictionary (\(entries.count))"
        }
    }

    /// A string in double quotes, escaped as JSON escapes it.
    static func quoted(_ text: String) -> String {
        JSONFormWriter.quoted(text)
    }

    /// `<N bytes: 0a1b2c…>`.
    static func dataText(_ bytes: Data) -> String {
        let hex = bytes.prefix(16).map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
        return "<\(bytes.count) bytes\(bytes.isEmpty ? "" : ": " + hex)\(bytes.count > 16 ? "…" : "")>"
    }
}
