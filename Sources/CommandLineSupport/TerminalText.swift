/// `text` safe to print on a terminal: control characters (escape sequences, carriage returns,
/// C1 controls), line and paragraph separators and bidirectional overrides are written as
/// `\u{…}`, and a backslash as `\\`, so a title or name read from a file can neither drive the
/// terminal nor pass for another line.
public func terminalSafe(_ text: String) -> String {
    var safe = ""
    safe.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
        if scalar == "\\" {
            safe += "\\\\"
        } else if needsEscaping(scalar) {
            safe += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
            safe.unicodeScalars.append(scalar)
        }
    }
    return safe
}

private func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return scalar.properties.generalCategory == .control
    }
}
