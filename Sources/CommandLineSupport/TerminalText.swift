/// `text` safe to print on a terminal: control characters (escape sequences, carriage returns,
/// C1 controls), line and paragraph separators and bidirectional overrides are written as
/// `\u{…}`, and a backslash as `\\`, so a title or name read from a file can neither drive the
/// terminal nor pass for another line.
public func terminalSafe(_ text: String) -> String {
    terminalSafe(text, escapingBackslashes: true)
}

/// `text` safe to print on a terminal, as ``terminalSafe(_:)`` makes it; `escapingBackslashes`
/// false leaves backslashes as they are, for text whose own syntax uses them (the `plist`
/// tool's key paths, `a\.b`): the terminal is as safe, but an escape printed can no longer be
/// told from the same characters in the text.
public func terminalSafe(_ text: String, escapingBackslashes: Bool) -> String {
    // Most text needs nothing escaped: then it is returned as it is, without being rebuilt.
    guard text.unicodeScalars.contains(where: { (escapingBackslashes && $0 == "\\") || needsEscaping($0) }) else { return text }
    var safe = ""
    safe.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
        if escapingBackslashes && scalar == "\\" {
            safe += "\\\\"
        } else if needsEscaping(scalar) {
            safe += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
            safe.unicodeScalars.append(scalar)
        }
    }
    return safe
}

/// Control characters (general category Cc: U+0000–001F and U+007F–009F, a set Unicode's
/// stability policy fixes forever, so a range test and no table lookup per character), line
/// and paragraph separators, and bidirectional overrides and isolates.
private func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
}
