import Foundation

extension PropertyList {
    /// What writing this plist as XML would change, one sentence per kind of value (with how
    /// many values), empty when XML holds it exactly.
    ///
    /// XML dates hold whole seconds of the years 1–9999; XML reals have no width, so a 4-byte
    /// real reads back as an 8-byte one; sets read back as arrays; a dictionary whose only key
    /// is `CF$UID` reads back as a UID; XML 1.0 cannot hold most control characters. Binary
    /// plists and the JSON form hold every value exactly.
    public func xmlLosses() -> [String] {
        var counts = XMLLossCounts()
        counts.visit(self)
        return counts.sentences
    }
}

/// Tallies the values XML would change.
private struct XMLLossCounts {
    var inexactDates = 0
    var unwritableDates = 0
    var floats = 0
    var sets = 0
    var uidLookalikes = 0
    var controlStrings = 0

    mutating func visit(_ value: PropertyList) {
        switch value {
        case .date(let date):
            if let text = PlistDateFormat.string(from: date) {
                let back = PlistDateFormat.date(from: text)?.timeIntervalSinceReferenceDate.bitPattern
                if back != date.timeIntervalSinceReferenceDate.bitPattern { inexactDates += 1 }
            } else {
                unwritableDates += 1
            }
        case .float: floats += 1
        case .string(let text): countControls(text)
        case .set(let elements):
            sets += 1
            for element in elements { visit(element) }
        case .array(let elements):
            for element in elements { visit(element) }
        case .dictionary(let entries):
            if entries.count == 1, case .integer? = entries["CF$UID"] { uidLookalikes += 1 }
            for (key, element) in entries {
                countControls(key.string)
                visit(element)
            }
        default: break
        }
    }

    /// Counts `text` if it holds a control character other than tab, line feed and carriage
    /// return, or U+FFFE/U+FFFF: in UTF-8, a byte below 0x20, or EF BF BE/BF.
    private mutating func countControls(_ text: String) {
        var text = text
        let found = text.withUTF8 { utf8 -> Bool in
            for (index, byte) in utf8.enumerated() {
                if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { return true }
                if byte == 0xEF, index + 2 < utf8.count, utf8[index + 1] == 0xBF, utf8[index + 2] >= 0xBE { return true }
            }
            return false
        }
        if found { controlStrings += 1 }
    }

    var sentences: [String] {
        var out: [String] = []
        if inexactDates > 0 { out.append("\(inexactDates) date(s) with fractions of a second (or -0) are written as whole seconds: XML dates have no fraction") }
        if unwritableDates > 0 { out.append("\(unwritableDates) date(s) outside the years 1 to 9999 cannot be written as XML") }
        if floats > 0 { out.append("\(floats) 4-byte real(s) will read back as 8-byte reals: XML reals have no width") }
        if sets > 0 { out.append("\(sets) set(s) will read back as arrays: XML has no sets") }
        if uidLookalikes > 0 { out.append("\(uidLookalikes) dictionary(ies) whose only key is CF$UID will read back as UIDs") }
        if controlStrings > 0 { out.append("\(controlStrings) string(s) hold control characters, which XML 1.0 cannot hold (readers refuse or drop them)") }
        return out
    }
}
