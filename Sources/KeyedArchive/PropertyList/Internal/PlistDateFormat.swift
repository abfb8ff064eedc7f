import CivilTime
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
        return CivilTime(secondsSince1970: Int64(interval.rounded(.down))).text + "Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ` (fractional seconds allowed); nil if malformed.
    static func date(from text: String) -> Date? {
        let utf8 = Array(text.utf8)
        guard let time = CivilTime(parsingPrefixOf: utf8) else { return nil }
        var index = 19
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
        guard index + 1 == utf8.count, utf8[index] == UInt8(ascii: "Z") else { return nil }
        return Date(timeIntervalSince1970: Double(time.secondsSince1970) + fraction)
    }
}
