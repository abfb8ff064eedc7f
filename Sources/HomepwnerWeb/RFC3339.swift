/// Dates as RFC 3339 text in UTC with exactly six fractional digits, without Foundation's
/// formatters (slow, and not bit-exact about fractions).
enum RFC3339 {
    /// Seconds between 1970-01-01 and 2001-01-01 (Apple's reference date).
    static let referenceDateOffset: Int64 = 978_307_200

    /// `2026-11-23T17:26:21.123456Z` for `seconds` after 2001-01-01T00:00:00Z, the fraction
    /// rounded down to the microsecond; nil for a date that is not finite or outside the years
    /// 0001–9999.
    static func string(secondsSinceReferenceDate seconds: Double) -> String? {
        guard seconds.isFinite, abs(seconds) < 1e12 else { return nil }
        let whole = seconds.rounded(.down)
        let fraction = seconds - whole  // exact: both share the exponent range
        var micros = Int64((fraction * 1_000_000).rounded(.down))
        // The product may round up past the true value; the fraction shown never exceeds it.
        if Double(micros) / 1_000_000 > fraction { micros -= 1 }
        micros = min(max(micros, 0), 999_999)
        let unix = Int64(whole) + referenceDateOffset
        let days = unix >= 0 ? unix / 86_400 : (unix - 86_399) / 86_400
        let secondOfDay = unix - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        guard (1...9999).contains(year) else { return nil }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)).\(pad(micros, 6))Z"
    }

    /// The proleptic Gregorian date of `days` after 1970-01-01 (Howard Hinnant's algorithm).
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
