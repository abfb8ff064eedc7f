import Foundation

/// The date form of XML plists and of the JSON form: `2001-01-01T00:00:00Z`, UTC, whole seconds.
enum PlistDateFormat {
    /// Seconds since 1970 of 0001-01-01 and 10000-01-01: the years the text form can hold.
    private static let representable: Range<Double> = -62_135_596_800 ..< 253_402_300_800

    /// Formats a date; fractional seconds are dropped, as Apple's XML writer does.
    ///
    /// Returns nil for a date outside the years 1 to 9999 or not finite (possible in a binary plist).
    static func string(from date: Date) -> String? {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, representable.contains(interval) else { return nil }
        let seconds = Int64(interval.rounded(.down))
        var days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Civil-from-days (Howard Hinnant's algorithm).
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let hour = secondOfDay / 3600
        let minute = secondOfDay % 3600 / 60
        let second = secondOfDay % 60
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ` (fractional seconds allowed); nil if malformed.
    static func date(from text: String) -> Date? {
        let utf8 = Array(text.utf8)
        var index = 0
        func number(_ width: Int) -> Int64? {
            guard index + width <= utf8.count else { return nil }
            var value: Int64 = 0
            for offset in 0..<width {
                let byte = utf8[index + offset]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            index += width
            return value
        }
        func expect(_ character: UInt8) -> Bool {
            guard index < utf8.count, utf8[index] == character else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
              let day = number(2), expect(UInt8(ascii: "T")), let hour = number(2), expect(UInt8(ascii: ":")),
              let minute = number(2), expect(UInt8(ascii: ":")), let second = number(2) else { return nil }
        var fraction = 0.0
        if index < utf8.count, utf8[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            while index < utf8.count, utf8[index] >= 0x30, utf8[index] <= 0x39 {
                fraction += Double(utf8[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
        }
        guard expect(UInt8(ascii: "Z")), index == utf8.count else { return nil }
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        // Days-from-civil (Howard Hinnant's algorithm).
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second) + fraction
        return Date(timeIntervalSince1970: seconds)
    }
}
