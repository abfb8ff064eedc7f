import Foundation

/// How values read on the pages: whole dollars with thousands commas, dates in words.
enum DisplayText {
    /// `1234567` as `$1,234,567` (negative values, which the rules refuse, as `-$5`).
    static func dollars(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-$" : "$") + grouped
    }

    /// Whether `date` can be shown: a finite instant within ±3,000 years of 2001 (an archive
    /// from elsewhere may hold any double).
    static func isShowable(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSinceReferenceDate
        return seconds.isFinite && abs(seconds) < 95_000_000_000
    }

    /// A date as `23 Nov 2026` in `timeZone`; `unknown` for a date that cannot be shown.
    static func day(_ date: Date, timeZone: TimeZone = .current) -> String {
        guard isShowable(date) else { return "unknown" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "d MMM yyyy"
        return formatter.string(from: date)
    }

    /// A date as an ISO 8601 instant (`2026-11-23T17:26:21Z`), for `<time datetime>`.
    /// Empty for a date that cannot be shown.
    static func instant(_ date: Date) -> String {
        guard isShowable(date) else { return "" }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
