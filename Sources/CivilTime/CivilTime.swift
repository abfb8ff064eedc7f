/// A moment in UTC as calendar fields of the proleptic Gregorian calendar, to whole seconds, and
/// back: the one civil-date algorithm (Howard Hinnant's days-from-civil and civil-from-days) of
/// every date this project writes or reads as text — property lists' dates, S3 listings'
/// `LastModified`, the APIs' RFC 3339 timestamps.
public struct CivilTime: Sendable, Hashable {
    /// The year (any, 0 and negative ones included).
    public var year: Int64
    /// The month, 1 to 12.
    public var month: Int64
    /// The day of the month, 1 to 31.
    public var day: Int64
    /// The hour, 0 to 23.
    public var hour: Int64
    /// The minute, 0 to 59.
    public var minute: Int64
    /// The second, 0 to 60 (a leap second as text reads as the next minute's first).
    public var second: Int64

    /// The fields of `seconds` (whole seconds, rounded down) after 1970-01-01T00:00:00Z.
    public init(secondsSince1970 seconds: Int64) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
    }

    /// Seconds after 1970-01-01T00:00:00Z of these fields (a day past its month's end counts on
    /// into the next month, as a leap second counts into the next minute).
    public var secondsSince1970: Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// `YYYY-MM-DDTHH:MM:SS` (the year at least four digits), with no zone or fraction.
    public var text: String {
        "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))T\(Self.pad(hour, 2)):\(Self.pad(minute, 2)):\(Self.pad(second, 2))"
    }

    /// The fields of the `YYYY-MM-DDTHH:MM:SS` that `bytes` start with (ASCII digits only; month
    /// 1–12, day 1–31, hour under 24, minute under 60, second under 61); nil for anything else.
    /// What follows the 19 bytes (a fraction, a zone) is the caller's to read.
    public init?(parsingPrefixOf bytes: some Collection<UInt8>) {
        let prefix = Array(bytes.prefix(19))
        guard prefix.count == 19 else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for byte in prefix[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard prefix[4] == UInt8(ascii: "-"), prefix[7] == UInt8(ascii: "-"), prefix[10] == UInt8(ascii: "T"),
              prefix[13] == UInt8(ascii: ":"), prefix[16] == UInt8(ascii: ":"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
    }

    /// `value` in decimal, zero-padded to `width` digits.
    public static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
