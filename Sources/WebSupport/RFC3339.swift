import CivilTime

/// Dates as RFC 3339 text in UTC with exactly six fractional digits, without Foundation's
/// formatters (slow, and not bit-exact about fractions): the dates of both apps' JSON.
public enum RFC3339 {
    /// Seconds between 1970-01-01 and 2001-01-01 (Apple's reference date).
    public static let referenceDateOffset: Int64 = 978_307_200

    /// `2026-11-23T17:26:21.123456Z` for `seconds` after 2001-01-01T00:00:00Z, the fraction
    /// rounded down to the microsecond; nil for a date that is not finite or outside the years
    /// 0001–9999.
    public static func string(secondsSinceReferenceDate seconds: Double) -> String? {
        guard seconds.isFinite, abs(seconds) < 1e12 else { return nil }
        let whole = seconds.rounded(.down)
        let fraction = seconds - whole  // exact: both share the exponent range
        var micros = Int64((fraction * 1_000_000).rounded(.down))
        // The product may round up past the true value; the fraction shown never exceeds it.
        if Double(micros) / 1_000_000 > fraction { micros -= 1 }
        micros = min(max(micros, 0), 999_999)
        let time = CivilTime(secondsSince1970: Int64(whole) + referenceDateOffset)
        guard (1...9999).contains(time.year) else { return nil }
        return time.text + "." + CivilTime.pad(micros, 6) + "Z"
    }
}
